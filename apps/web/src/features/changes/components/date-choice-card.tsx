import { useState } from 'react';
import type { ChooseInput, DateChoice } from '@shared/api';
import { Button } from '@/components/ui/button';
import { FormError, Select } from '@/components/ui/form';
import { formatDate, formatPrice, formatTime } from '@/lib/format';

const kr = (ore: number) => formatPrice(ore / 100);

const CHOSEN: Record<NonNullable<DateChoice['choice']>, string> = {
  makeup: 'Erstatningstime',
  refund: 'Pengene tilbake',
  credit: 'Tilgodebeløp',
  closed: 'Lukket: plassen er meldt av',
};

/** One cancelled date of one child: what happened, and the three choices, each one tap. */
export function DateChoiceCard({ choice, onChoose, pending, error }: { choice: DateChoice; onChoose: (input: ChooseInput) => void; pending: boolean; error: string | null }) {
  const [makeup, setMakeup] = useState('');
  const title = `${choice.child.firstName}: ${choice.course.name || 'Kurs'} ${formatDate(choice.date)} er avlyst`;
  return (
    <section aria-label={title} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="date-choice">
      <h3 className="font-bold text-sea-900">{title}</h3>
      <p className="mt-1 text-muted">Grunn: {choice.reason}</p>
      {choice.choice ? (
        <p role="status" className="mt-3 font-medium text-success">
          Valgt: {CHOSEN[choice.choice]}
          {choice.makeup ? ` ${formatDate(choice.makeup.date)} kl. ${formatTime(choice.makeup.date)}` : ''}
          {choice.chosenBy === 'default' ? ' (standardvalget)' : ''}
        </p>
      ) : (
        <div className="mt-3 space-y-3">
          <p>
            Velg innen {formatDate(choice.deadline)}. Ellers får dere {choice.defaultChoice === 'refund' ? 'pengene tilbake' : 'et tilgodebeløp'}.
          </p>
          {choice.options.length > 0 ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Select
                label="Erstatningstime"
                placeholder="Velg en dato"
                fieldClassName="w-full min-w-0 sm:flex-1"
                value={makeup}
                onChange={(e) => setMakeup(e.target.value)}
                options={choice.options.map((o) => ({ value: `${o.courseId}|${o.date}`, label: `${formatDate(o.date)} kl. ${o.timeFrom} · ${o.courseName} · ${o.placeName}` }))}
              />
              <Button
                disabled={!makeup || pending}
                onClick={() => {
                  const [courseId, date] = makeup.split('|') as [string, string];
                  onChoose({ choice: 'makeup', courseId, date });
                }}
              >
                Velg erstatningstime
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted">Ingen ledige erstatningstimer akkurat nå.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={pending} onClick={() => onChoose({ choice: 'refund' })}>
              Pengene tilbake ({kr(choice.shareAmount)})
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => onChoose({ choice: 'credit' })}>
              Tilgodebeløp ({kr(choice.shareAmount)})
            </Button>
          </div>
          <FormError>{error}</FormError>
        </div>
      )}
    </section>
  );
}

export const chooseErrorText = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error && error.status === 409
    ? 'Timen ble akkurat full, eller valget er allerede gjort. Velg en annen.'
    : 'Kunne ikke lagre valget. Prøv igjen.';
