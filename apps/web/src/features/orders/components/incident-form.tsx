import { useState } from 'react';
import { z } from 'zod';
import { INCIDENT_OUTCOMES, incidentNoteSchema, type AdminOrder, type IncidentOutcome } from '@shared/api/orders';
import { CancelAndAct, Select, Textarea, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatKr, ore } from '@/lib/format';
import { useResolveIncident } from '@/features/orders/api/orders';
import { newIdempotencyKey } from '../idempotency-key';

const formSchema = z.object({ outcome: z.enum(INCIDENT_OUTCOMES), note: incidentNoteSchema });

const DONE: Record<IncidentOutcome, string> = {
  refund: 'Hendelsen er løst: pengene er refundert',
  'paid-elsewhere': 'Hendelsen er løst: betalt på annen måte',
  'remove-child': 'Hendelsen er løst: barnet er tatt av kurset',
};

/** 'Løs hendelsen': what happens to a payment Vipps contradicts, with a note; a refund takes the child off the course. */
export function IncidentForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const incident = order.incident!;
  const refundable = ore(order.capturedAmount - order.refundedAmount);
  const [key] = useState(newIdempotencyKey);
  const resolve = useResolveIncident();
  const { register, handleSubmit, formState } = useZodForm(formSchema, {
    defaultValues: { outcome: refundable > 0 ? 'refund' : 'paid-elsewhere', note: '' },
  });
  const options = [
    ...(refundable > 0 ? [{ value: 'refund', label: `Refunder ${formatKr(refundable)} og ta barnet av kurset` }] : []),
    { value: 'paid-elsewhere', label: 'Betalt på annen måte' },
    { value: 'remove-child', label: 'Ta barnet av kurset' },
  ];

  const submit = handleSubmit(async ({ outcome, note }) => {
    const input = outcome === 'refund' ? { outcome, note, amount: refundable, removeFromCourse: true, idempotencyKey: key } : { outcome, note };
    try {
      await resolve.mutateAsync({ incidentId: incident._id, input });
      toast.success(DONE[outcome]);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Kunne ikke løse hendelsen'));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-incident-form>
      <p>
        Vipps stemmer ikke med denne ordren ({incident.vippsState ?? incident.reason}). Velg hva som skal skje, og skriv et
        notat om hvorfor.
      </p>
      <Select label="Utfall" options={options} error={formState.errors.outcome?.message} {...register('outcome')} />
      <Textarea label="Notat" rows={3} error={formState.errors.note?.message} {...register('note')} />
      <CancelAndAct onCancel={onDone} busy={resolve.isPending} text="Løs hendelsen" busyText="Løser …" />
    </form>
  );
}
