import type { IncidentResolutionInput, PaymentIncident } from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { tellChildChange } from '../../domain/enrolment/change-notices';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as repo from '../../repos/orders.repo';
import * as users from '../../repos/users.repo';
import { refundOrder } from './orders.service';

/**
 * An admin resolves a payment incident, once (then 409), with who, when and a note: a refund (the admin refund and its
 * idempotency key), 'Betalt på annen måte' (the child stays) or 'Ta barnet av kurset'. The writes are one transaction;
 * a refund's Vipps call comes before it (no Vipps call inside a transaction).
 */
export async function resolveIncident(ctx: ServiceContext, incidentId: string, input: IncidentResolutionInput): Promise<PaymentIncident> {
  const admin = signedIn(ctx);
  const incident = await repo.findIncident(ctx.db, incidentId);
  if (!incident) throw new AppError('NOT_FOUND', 'Payment incident not found');
  await requireAccess(ctx, 'order.refund', incident.orderId);
  if (incident.resolvedAt) throw new AppError('INCIDENT_RESOLVED', 'The payment incident is resolved already');
  if (input.outcome === 'refund') {
    await refundOrder(ctx, incident.orderId, { amount: input.amount, removeFromCourse: input.removeFromCourse, idempotencyKey: input.idempotencyKey });
  }
  const resolved = await withTx(ctx, async (ctx) => {
    const row = await repo.resolveIncidentByAdmin(ctx.db, incident.id, { resolvedBy: admin.id, outcome: input.outcome, note: input.note });
    if (!row) throw new AppError('INCIDENT_RESOLVED', 'The payment incident is resolved already');
    if (input.outcome === 'remove-child' && incident.courseId && incident.childId) {
      const removed = await courses.deleteParticipant(ctx.db, incident.courseId, incident.childId);
      if (removed) {
        ctx.log.info({ incidentId: incident.id, courseId: incident.courseId }, 'child taken off the course to resolve a payment incident');
        // The family is told, as when an admin takes a child off a course by hand (in this transaction, the outbox).
        await tellChildChange(ctx, 'removed', { childId: incident.childId, courseId: incident.courseId });
      }
    }
    return row;
  });
  ctx.log.info({ incidentId: incident.id, orderId: incident.orderId, outcome: input.outcome }, 'payment incident resolved by an admin');
  return toPaymentIncident(resolved, await users.findUserById(ctx.db, admin.id));
}

function toPaymentIncident(row: repo.IncidentRow, resolver: { id: string; firstName: string; lastName: string } | undefined): PaymentIncident {
  return {
    _id: row.id,
    orderId: row.orderId,
    reason: row.reason,
    vippsState: row.vippsState,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedBy: resolver ? { _id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName } : null,
    outcome: row.outcome as PaymentIncident['outcome'],
    note: row.note,
  };
}
