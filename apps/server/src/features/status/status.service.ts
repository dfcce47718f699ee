import { toIso } from '@app/shared';
import type { StatusDetails } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as orders from '../../repos/orders.repo';
import * as system from '../../repos/system.repo';

/** GET /api/health for an admin (decision 044): database, outbox backlog, reconciler's last run and Vipps' state. */
export async function statusDetails(ctx: ServiceContext, databaseLatencyMs: number): Promise<StatusDetails> {
  const [outbox, overdue, openIncidents, vipps] = await Promise.all([
    system.outboxBacklog(ctx.db),
    system.overdueOrderCount(ctx.db),
    orders.countOpenIncidents(ctx.db),
    ctx.payments.vippsStatus(),
  ]);
  const last = ctx.payments.lastReconcile;
  return {
    database: { kind: ctx.env.DATABASE_URL ? 'postgres' : 'pglite', latencyMs: Math.round(databaseLatencyMs * 10) / 10 },
    outbox: { pending: outbox.pending, failed: outbox.failed, oldestPendingAt: toIso(outbox.oldestPendingAt) },
    reconciler: { lastRunAt: toIso(last?.at), lastClaimed: last?.claimed ?? null, lastFailed: last?.failed ?? null, overdue },
    paymentIncidents: { open: openIncidents },
    vipps: {
      state: vipps.breaker?.state ?? (ctx.payments.client ? 'closed' : 'unconfigured'),
      consecutiveFailures: vipps.breaker?.consecutiveFailures ?? 0,
      retryAt: toIso(vipps.breaker?.retryAt),
      lastError: vipps.breaker?.lastError ?? null,
      outages: vipps.outages.map((o) => ({ startedAt: o.startedAt, endedAt: o.endedAt, lastError: o.lastError })),
    },
  };
}
