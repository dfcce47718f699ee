import { useState } from 'react';
import { useChoose, useMyChoices, useReminderSetting, useSetReminders } from '../api/changes';
import { Checkbox, FormError } from '@/components/ui/form';
import { DateChoiceCard } from './date-choice-card';

/** The notice on /profil: every cancelled date of the family's children, open choices first. */
export function MyChanges() {
  const choices = useMyChoices();
  const choose = useChoose();
  if (!choices.data?.length) return null;
  const open = choices.data.filter((c) => !c.choice);
  return (
    <section aria-labelledby="endringer-tittel" className="mb-8 space-y-3 rounded-2xl bg-sun-50 p-4 sm:p-5">
      <h2 id="endringer-tittel" className="text-xl font-bold text-sea-900">
        {open.length ? 'Endringer i kursene – velg hva dere vil ha' : 'Endringer i kursene'}
      </h2>
      {[...open, ...choices.data.filter((c) => c.choice)].map((c) => (
        <DateChoiceCard
          key={c._id}
          choice={c}
          pending={choose.isPending}
          error={choose.isError && choose.variables?.id === c._id ? choose.error : null}
          onChoose={(input) => choose.mutate({ id: c._id, input })}
        />
      ))}
    </section>
  );
}

/** 'Påminnelser' on /profil: the day-before e-mails on or off, a setting of its own that says 'Lagret'. */
export function ReminderToggle() {
  const setting = useReminderSetting();
  const save = useSetReminders();
  // The box moves in the click itself (a mutation's own state arrives a tick later, and a controlled box would first
  // spring back); the saved value takes over when the answer comes, and puts it back on an error.
  const [shown, setShown] = useState<boolean | null>(null);
  if (!setting.data) return null;
  return (
    <section aria-labelledby="paminnelser-tittel" className="mt-6 rounded-2xl border border-sand-200 p-4">
      <h3 id="paminnelser-tittel" className="font-bold text-sea-900">
        Påminnelser
      </h3>
      <Checkbox
        fieldClassName="mt-3"
        label="Send meg en påminnelse på e-post dagen før første kursdag og før erstatningstimer"
        checked={shown ?? !setting.data.off}
        disabled={save.isPending}
        onChange={(e) => {
          setShown(e.target.checked);
          save.mutate(!e.target.checked, { onSettled: () => setShown(null) });
        }}
      />
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-success">
        {save.isSuccess ? 'Lagret' : ''}
      </p>
      {save.isError ? <FormError>Kunne ikke lagre valget. Prøv igjen.</FormError> : null}
    </section>
  );
}
