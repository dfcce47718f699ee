import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { AdminOrder } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { CancelAndAct, Checkbox, TextInput, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { prompt } from '@/components/ui/dialogs';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useCancelOrder, useDecideCancellation, useRefundOrder } from '@/features/orders/api/orders';
import { IncidentForm } from './incident-form';
import { formatKr, isWholeOre, krToOre, ore, oreToKr, type Ore } from '@/lib/format';
import { newIdempotencyKey } from '../idempotency-key';

/** '1 450,50' → 1450.5 */
const parseKr = (text: string) => Number(text.replace(/\s/g, '').replace(',', '.'));

function refundSchema(maxOre: Ore) {
  return z
    .object({
      whole: z.enum(['all', 'part']),
      amountKr: z.string(),
      removeFromCourse: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.whole === 'all') return;
      const value = parseKr(values.amountKr);
      if (!values.amountKr.trim() || !Number.isFinite(value) || value <= 0) {
        ctx.addIssue({ code: 'custom', path: ['amountKr'], message: 'Skriv inn et beløp større enn 0.' });
      } else if (krToOre(value) > maxOre) {
        ctx.addIssue({ code: 'custom', path: ['amountKr'], message: `Du kan refundere høyst ${formatKr(maxOre)}.` });
      } else if (!isWholeOre(value)) {
        ctx.addIssue({ code: 'custom', path: ['amountKr'], message: 'Beløpet kan ha høyst to desimaler.' });
      }
    });
}
function RefundForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const refundable = ore(order.capturedAmount - order.refundedAmount);
  const [key] = useState(newIdempotencyKey);
  const refund = useRefundOrder();
  const { register, handleSubmit, watch, formState, setValue } = useZodForm(refundSchema(refundable), {
    // The whole amount back: the child leaves the course too, unless the admin says otherwise.
    defaultValues: { whole: 'all', amountKr: '', removeFromCourse: true },
  });
  const whole = watch('whole');
  const amountKr = watch('amountKr');
  const full = whole === 'all' || krToOre(parseKr(amountKr)) === refundable;
  // 'Meld barnet av kurset' follows whether the refund is full, until the admin ticks or unticks it themself.
  const [ownChoice, setOwnChoice] = useState(false);
  useEffect(() => {
    if (!ownChoice) setValue('removeFromCourse', full);
  }, [full, ownChoice, setValue]);
  const error = formState.errors.amountKr?.message;

  const submit = handleSubmit(async (values) => {
    const amount = values.whole === 'all' ? refundable : krToOre(parseKr(values.amountKr));
    try {
      await refund.mutateAsync({ orderId: order._id, input: { amount, removeFromCourse: values.removeFromCourse, idempotencyKey: key } });
      toast.success(`Ordren er refundert (${formatKr(amount)})`);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Kunne ikke refundere ordren'));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p>
        Betalt {formatKr(order.capturedAmount)}
        {order.refundedAmount > 0 ? `, allerede refundert ${formatKr(order.refundedAmount)}` : ''}. Kan refunderes: <strong>{formatKr(refundable)}</strong>.
      </p>
      <fieldset>
        <legend className="font-semibold text-sea-900">Beløp</legend>
        <label className="mt-1 flex min-h-11 items-center gap-2">
          <input type="radio" value="all" className="size-5" {...register('whole')} />
          Hele beløpet ({formatKr(refundable)})
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="part" className="size-5" {...register('whole')} />
          Delbeløp
        </label>
      </fieldset>
      {whole === 'part' ? (
        <TextInput label="Beløp i kr" inputMode="decimal" autoComplete="off" error={error} {...register('amountKr')} />
      ) : null}
      {order.enrolled ? (
        <Checkbox label="Meld barnet av kurset" {...register('removeFromCourse', { onChange: () => setOwnChoice(true) })} />
      ) : null}
      <CancelAndAct onCancel={onDone} busy={refund.isPending} text="Refunder" busyText="Refunderer …" />
    </form>
  );
}

function CancelForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [key] = useState(newIdempotencyKey);
  const [removeFromCourse, setRemoveFromCourse] = useState(false);
  const cancel = useCancelOrder();
  const submit = async () => {
    try {
      await cancel.mutateAsync({ orderId: order._id, input: { removeFromCourse, idempotencyKey: key } });
      toast.success('Betalingen er kansellert');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Kunne ikke kansellere betalingen'));
    }
  };
  return (
    <div className="space-y-4">
      <p>Reservasjonen på {formatKr(order.amount)} frigis i Vipps, og kunden blir ikke belastet.</p>
      {order.enrolled ? (
        <Checkbox label="Meld barnet av kurset" checked={removeFromCourse} onChange={(e) => setRemoveFromCourse(e.target.checked)} />
      ) : null}
      <CancelAndAct onCancel={onDone} busy={cancel.isPending} text="Kanseller betalingen" busyText="Kansellerer …" onAct={() => void submit()} />
    </div>
  );
}

/** A parent's 'etter avtale' request (issue 40): the admin approves with an amount, or declines; a message either way. */
function CancellationRequestActions({ order }: { order: AdminOrder }) {
  const decide = useDecideCancellation();
  const refundable = ore(order.capturedAmount - order.refundedAmount);
  const answer = async (approve: boolean) => {
    let refundAmount: Ore | undefined;
    if (approve) {
      const typed = await prompt({ title: 'Godkjenn avmelding', label: 'Beløp å refundere (kr)', inputType: 'number', defaultValue: String(oreToKr(refundable)), confirmText: 'Neste' });
      if (typed === null) return;
      refundAmount = krToOre(Number(typed.replace(',', '.')));
      if (!Number.isFinite(refundAmount) || refundAmount < 0 || refundAmount > refundable) {
        toast.error(`Skriv et beløp fra 0 til ${formatKr(refundable)}.`);
        return;
      }
    }
    const message = await prompt({ title: approve ? 'Godkjenn avmelding' : 'Avslå avmelding', label: 'Melding til foresatt', confirmText: approve ? 'Godkjenn' : 'Avslå' });
    if (!message?.trim()) return;
    decide.mutate(
      { orderId: order._id, decision: { approve, refundAmount, message: message.trim() } },
      {
        onSuccess: () => toast.success(approve ? 'Avmeldingen er godkjent' : 'Avmeldingen er avslått'),
        onError: (error) => toast.error(errorMessage(error, 'Kunne ikke svare på forespørselen')),
      },
    );
  };
  return (
    <>
      <Button variant="secondary" disabled={decide.isPending} onClick={() => void answer(true)}>
        Godkjenn avmelding
      </Button>
      <Button variant="secondary" disabled={decide.isPending} onClick={() => void answer(false)}>
        Avslå avmelding
      </Button>
    </>
  );
}

/** Refund (captured) or cancel (authorised) an order through Vipps, from the orders page. */
export function OrderActions({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState<'refund' | 'cancel' | 'incident' | null>(null);
  const refundable = ore(order.capturedAmount - order.refundedAmount);
  const canRefund = (order.status === 'captured' || order.status === 'refunded') && refundable > 0;
  const canCancel = order.status === 'authorized';
  const requested = order.cancellation?.status === 'requested';
  if (!canRefund && !canCancel && !requested && !order.incident) return null;
  const title = { refund: `Refunder ordre ${order.humanReference}`, cancel: `Kanseller ordre ${order.humanReference}`, incident: 'Løs hendelsen' };
  return (
    <>
      {order.incident ? <Button onClick={() => setOpen('incident')}>Løs hendelsen</Button> : null}
      {requested ? <CancellationRequestActions order={order} /> : null}
      {canRefund ? (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          Refunder
        </Button>
      ) : null}
      {canCancel ? (
        <Button variant="secondary" onClick={() => setOpen('cancel')}>
          Kanseller
        </Button>
      ) : null}
      <Modal
        open={open !== null}
        onOpenChange={(next) => setOpen(next ? open : null)}
        title={title[open ?? 'refund']}
      >
        {open === 'incident' && order.incident ? <IncidentForm order={order} onDone={() => setOpen(null)} /> : null}
        {open === 'refund' ? <RefundForm order={order} onDone={() => setOpen(null)} /> : null}
        {open === 'cancel' ? <CancelForm order={order} onDone={() => setOpen(null)} /> : null}
      </Modal>
    </>
  );
}
