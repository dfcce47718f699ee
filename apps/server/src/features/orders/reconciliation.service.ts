import { osloDayStart, type Reconciliation, type ReconciliationDifference, type ReconciliationQuery, formatKr, ore, sumOre, type Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import { VippsApiError, type PaymentEvent } from '../../integrations/vipps/epayment';
import * as cancellations from '../../repos/cancellations.repo';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/orders.repo';
import * as familyLedger from '../../domain/family-ledger/entries';
import { modificationKey, providerTrouble } from '../../domain/family-ledger/modifications';
import { applyPaymentEvent } from '../../domain/family-ledger/payment-events';
import { finishRefund } from './withdrawal.service';

/**
 * The reconciliation view: the period's captures and refunds against each order's events at Vipps; every difference
 * is a payment incident. Settling records the events Vipps has and we lack, and finishes a started refund (its
 * idempotency key makes a resend harmless); what is left shows to the admin.
 */

/** The order's Vipps entries of the family ledger as Vipps names them: what is recorded here. */
async function recorded(ctx: ServiceContext, orderId: string) {
  return (await familyLedger.entriesOfOrders(ctx.db, [orderId])).filter(familyLedger.isVipps).map((e) => ({
    name: e.kind === 'capture' ? 'CAPTURED' : 'REFUNDED',
    pspReference: e.ref,
    amountOre: ore(Math.abs(e.amountOre)),
  }));
}

function compare(
  order: repo.OrderRow,
  storedOk: Awaited<ReturnType<typeof recorded>>,
  vipps: PaymentEvent[],
  refunding: cancellations.CancellationRow | undefined,
): ReconciliationDifference[] {
  const out: ReconciliationDifference[] = [];
  const base = { orderId: order.id, humanReference: order.humanReference };
  const ok = vipps.filter((e) => e.success);
  const known = (name: string, psp: string) => storedOk.some((e) => e.name === name && e.pspReference === psp);
  const atVipps = (name: string, psp: string) => ok.some((e) => e.name === name && e.pspReference === psp);
  for (const e of ok.filter((e) => (e.name === 'CAPTURED' || e.name === 'REFUNDED') && !known(e.name, e.pspReference))) {
    out.push({ ...base, reason: 'not-recorded', detail: `Vipps har ${e.name === 'CAPTURED' ? 'en betaling' : 'en refusjon'} på ${formatKr(ore(e.amount.value))} som ikke er registrert her.`, settleable: true });
  }
  for (const e of storedOk.filter((e) => e.name === 'CAPTURED' && !atVipps('CAPTURED', e.pspReference))) {
    out.push({ ...base, reason: 'capture-missing', detail: `Betalingen på ${formatKr(e.amountOre)} finnes ikke hos Vipps.`, settleable: false });
  }
  const refundKey = refunding ? modificationKey('parentRefund', order.id, refunding.id) : null;
  const unconfirmedStored = storedOk.filter((e) => e.name === 'REFUNDED' && !atVipps('REFUNDED', e.pspReference));
  if (refunding && !ok.some((e) => e.name === 'REFUNDED' && e.idempotencyKey === refundKey)) {
    out.push({ ...base, reason: 'refund-unconfirmed', detail: `Refusjonen på ${formatKr(ore((refunding.refundOre ?? 0) - refunding.creditOre))} ble startet, men Vipps har ikke bekreftet den.`, settleable: true });
  } else if (unconfirmedStored.length) {
    out.push({ ...base, reason: 'refund-unconfirmed', detail: `Refusjonen på ${formatKr(unconfirmedStored[0]!.amountOre)} finnes ikke hos Vipps.`, settleable: false });
  }
  const sum = (events: { name: string; amount: Ore }[], name: string) => sumOre(events.filter((e) => e.name === name).map((e) => e.amount));
  const ours = storedOk.map((e) => ({ name: e.name, amount: e.amountOre }));
  const theirs = ok.map((e) => ({ name: e.name, amount: ore(e.amount.value) }));
  if (!out.length && (sum(ours, 'CAPTURED') !== sum(theirs, 'CAPTURED') || sum(ours, 'REFUNDED') !== sum(theirs, 'REFUNDED'))) {
    out.push({
      ...base,
      reason: 'amount',
      detail: `Beløpene stemmer ikke: her ${formatKr(ore(sum(ours, 'CAPTURED') - sum(ours, 'REFUNDED')))}, hos Vipps ${formatKr(ore(sum(theirs, 'CAPTURED') - sum(theirs, 'REFUNDED')))}.`,
      settleable: false,
    });
  }
  return out;
}

async function check(ctx: ServiceContext, query: ReconciliationQuery, settle: boolean): Promise<Reconciliation> {
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Vipps is not configured');
  const moved = (await familyLedger.entriesBetween(ctx.db, osloDayStart(query.from), osloDayStart(query.to, 1), ctx.clock.now())).filter((r) => familyLedger.isVipps(r.entry));
  const refunding = await cancellations.refundingCancellations(ctx.db);
  const ids = [...new Set([...moved.map((m) => m.entry.orderId!), ...refunding.map((c) => c.orderId)])];
  const differences: ReconciliationDifference[] = [];
  let settled = 0;
  for (const id of ids) {
    const order = await repo.findOrderById(ctx.db, id);
    if (!order) continue;
    let vipps: PaymentEvent[];
    try {
      vipps = await client.getEvents(order.reference);
    } catch (error) {
      // Vipps does not know the payment at all: every capture and refund recorded here is a difference.
      if (!(error instanceof VippsApiError && error.status === 404)) return providerTrouble(error);
      vipps = [];
    }
    const cancellation = refunding.find((c) => c.orderId === id);
    let found = compare(order, await recorded(ctx, id), vipps, cancellation);
    if (settle && found.some((d) => d.settleable)) {
      for (const event of vipps) await applyPaymentEvent(ctx, order, event);
      if (cancellation && found.some((d) => d.reason === 'refund-unconfirmed' && d.settleable)) await finishRefund(ctx, order, cancellation);
      const after = compare(order, await recorded(ctx, id), await client.getEvents(order.reference).catch(() => vipps), (await cancellations.refundingCancellations(ctx.db)).find((c) => c.orderId === id));
      for (const d of found.filter((d) => !after.some((a) => a.reason === d.reason))) {
        await repo.resolveIncident(ctx.db, id, d.reason);
        settled += 1;
      }
      found = after;
    }
    for (const d of found) await repo.raiseIncident(ctx.db, order, d.reason, d.detail);
    differences.push(...found);
  }
  return { ordersChecked: ids.length, differences, settled };
}

/** GET: the differences (each raised as a payment incident). Admins only (the route's role gate). */
export const reconcile = (ctx: ServiceContext, query: ReconciliationQuery) => check(ctx, query, false);

/** POST: settles what the reconciler can, then answers with what is left. */
export const settleDifferences = (ctx: ServiceContext, query: ReconciliationQuery) => check(ctx, query, true);
