import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ChooseInput, DateChoice, DateChoiceKind, MakeupOption } from '@shared/api';
import { Button } from '@/components/ui/button';
import { FormError, Select } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatTime, formatKr } from '@/lib/format';

/** A make-up date as the parent picks it: '15.02.2027 · Nybegynner · 1–2 år · mandager kl. 10:00 · Sagene Basseng'. */
export const makeupLabel = (o: MakeupOption) => `${formatDate(o.date)} · ${o.courseName} · ${o.placeName}`;

/** What was chosen, with the amount and what happens next (walk-through 06.12, finding 12). */
function chosenText(choice: DateChoice): string {
  const amount = formatKr(choice.shareAmount);
  switch (choice.choice) {
    case 'makeup':
      return `Valgt: Erstatningstime${choice.makeup ? ` ${formatDate(choice.makeup.date)} kl. ${formatTime(choice.makeup.date)}` : ''}`;
    case 'refund':
      return `Valgt: Pengene tilbake (${amount}). De kommer tilbake til Vipps innen noen dager.`;
    case 'credit':
      return `Valgt: Tilgodebeløp (${amount}). Det trekkes fra neste gang dere bestiller.`;
    case 'closed':
      return 'Lukket: plassen er meldt av, og det dere har fått tilbake, står under betalinger.';
    default:
      return '';
  }
}

/** What went wrong with a tap, and what to do next: shown beside the button that was tapped. */
export function chooseErrorText(error: unknown, kind: DateChoiceKind): string {
  if (isApiError(error) && error.code === 'CHOICE_CLOSED') return errorMessage(error);
  if (isApiError(error) && error.status === 409) {
    return kind === 'makeup' ? 'Timen ble akkurat full. Velg en annen dato.' : 'Valget er allerede gjort. Last siden på nytt for å se det.';
  }
  if (isApiError(error) && error.code === 'PAYMENT_PROVIDER' && kind === 'refund') {
    return 'Vipps kunne ikke betale tilbake akkurat nå. Prøv igjen om litt, eller velg tilgodebeløp.';
  }
  return 'Kunne ikke lagre valget. Prøv igjen om litt, eller kontakt oss.';
}

/** One cancelled date of one child: what happened, and the choices, each one tap. */
export function DateChoiceCard({ choice, onChoose, pending, error }: { choice: DateChoice; onChoose: (input: ChooseInput) => void; pending: boolean; error: unknown }) {
  const [makeup, setMakeup] = useState('');
  const [tapped, setTapped] = useState<DateChoiceKind>('refund');
  const choose = (input: ChooseInput) => {
    setTapped(input.choice);
    onChoose(input);
  };
  const errorAt = (kinds: DateChoiceKind[]) => (error && kinds.includes(tapped) ? chooseErrorText(error, tapped) : null);
  // A child added without payment (an admin's 'Legg til barn') has nothing to get back: only a make-up is offered.
  const paid = choice.shareAmount > 0;
  // The course's display name (level, age, weekday and time: walk-through 8), then the date.
  const title = `${choice.child.firstName}: ${choice.course.displayName || choice.course.name || 'Kurs'} · ${formatDate(choice.date)} er avlyst`;
  return (
    <section aria-label={title} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="date-choice">
      <h3 className="font-bold text-sea-900">{title}</h3>
      <p className="mt-1 text-muted">Grunn: {choice.reason}</p>
      {choice.choice ? (
        <>
          <p role="status" className="mt-3 font-medium text-success">
            {chosenText(choice)}
            {choice.chosenBy === 'default' ? ' (standardvalget)' : ''}
          </p>
          {choice.choice === 'makeup' && !choice.makeup && choice.makeupTokenId ? (
            <p className="mt-2">
              Barnet har fått en erstatningstime.{' '}
              <Link className="font-semibold text-sea-800 underline" to={paths.makeup(choice.makeupTokenId)}>
                Finn erstatningstime
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <div className="mt-3 space-y-3">
          {paid ? (
            <p>
              Velg innen {formatDate(choice.deadline)}. Ellers får dere {choice.defaultChoice === 'refund' ? 'pengene tilbake' : 'et tilgodebeløp'}.
            </p>
          ) : (
            <p>Barnet er med på kurset uten betaling, så det er ingen penger å få tilbake for denne dagen.</p>
          )}
          {choice.options.length > 0 ? (
            <div className="space-y-2">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <Select
                  label="Erstatningstime"
                  placeholder="Velg en dato"
                  fieldClassName="w-full min-w-0 sm:flex-1"
                  value={makeup}
                  onChange={(e) => setMakeup(e.target.value)}
                  options={choice.options.map((o) => ({ value: `${o.courseId}|${o.date}`, label: makeupLabel(o) }))}
                />
                <Button
                  disabled={!makeup || pending}
                  onClick={() => {
                    const [courseId, date] = makeup.split('|') as [string, string];
                    choose({ choice: 'makeup', courseId, date });
                  }}
                >
                  Velg erstatningstime
                </Button>
              </div>
              <FormError>{errorAt(['makeup'])}</FormError>
            </div>
          ) : (
            <p className="text-sm text-muted">Ingen ledige erstatningstimer akkurat nå.</p>
          )}
          <div className="space-y-2">
            <Button variant="secondary" disabled={pending} onClick={() => choose({ choice: 'makeup' })}>
              Erstatningstime, velg dato senere
            </Button>
            {choice.options.length === 0 ? <FormError>{errorAt(['makeup'])}</FormError> : null}
          </div>
          {paid && (
            <div className="space-y-2">
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" disabled={pending} onClick={() => choose({ choice: 'refund' })}>
                  Pengene tilbake ({formatKr(choice.shareAmount)})
                </Button>
                <Button variant="secondary" disabled={pending} onClick={() => choose({ choice: 'credit' })}>
                  Tilgodebeløp ({formatKr(choice.shareAmount)})
                </Button>
              </div>
              <FormError>{errorAt(['refund', 'credit'])}</FormError>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
