import { useState } from 'react';
import type { AbsenceDate, AbsenceReason, MakeupToken } from '@shared/api';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog, FormError, Select, TextInput } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { TitledSection } from '@/components/ui/titled-section';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatDateTime, formatTime } from '@/lib/format';
import { useCancelMakeup, useFamilyAbsences, useGiveToken, useReportAbsence, useUndoAbsence, useWithdrawToken } from '../api/absences';

const REASONS: { value: AbsenceReason; label: string }[] = [
  { value: 'sick', label: 'Syk' },
  { value: 'other', label: 'Annet' },
];
/** How many coming dates are listed before 'Vis flere'. */
const SHOWN = 8;

const when = (date: string) => `${formatDate(date)} kl. ${formatTime(date)}`;
const fail = (fallback: string) => (error: unknown) => {
  toast.error(errorMessage(error, fallback));
  throw error;
};
/** A tap's answer as a toast: `done` when it worked, the error's Norwegian text (or `fallback`) when not. */
const tap = (work: Promise<unknown>, done: string, fallback: string) => void work.then(() => toast.success(done), fail(fallback)).catch(() => undefined);

/** 'Meld fravær' on one coming date: one tap, then a confirmation with an optional reason. */
function ReportAbsence({ date }: { date: AbsenceDate }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<AbsenceReason | null>(null);
  const report = useReportAbsence();
  const inTime = Date.now() <= new Date(date.deadline).getTime();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Meld fravær for ${date.childName} ${when(date.date)}`}>
        Meld fravær
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Meld fravær"
        message={`${date.childName} kommer ikke ${when(date.date)} (${date.courseName}).`}
        confirmText="Meld fravær"
        busyText="Melder …"
        onConfirm={() =>
          report.mutateAsync({ childId: date.childId, input: { courseId: date.courseId, date: date.date, reason } }).then(
            (answer) => toast.success(answer.token ? 'Fravær meldt. Dere har fått en erstatningstime.' : 'Fravær meldt.'),
            fail('Kunne ikke melde fravær. Prøv igjen.'),
          )
        }
      >
        <fieldset className="mt-3">
          <legend className="font-medium">Grunn (valgfritt)</legend>
          <div className="mt-2 flex gap-6">
            {REASONS.map((r) => (
              <label key={r.value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="fravaer-grunn" className="size-5" checked={reason === r.value} onChange={() => setReason(r.value)} />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-3 text-sm text-muted">
          {inTime
            ? `Meldt før ${when(date.deadline)} gir en erstatningstime, så lenge barnet ikke har fått alle kurset gir.`
            : 'Fristen for erstatningstime har gått ut, men fraværet blir meldt.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function AbsenceRow({ date }: { date: AbsenceDate }) {
  const undo = useUndoAbsence();
  const label = `${when(date.date)} · ${date.childName} · ${date.courseName}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sea-200 bg-white p-3" data-testid="absence-date">
      <span className="min-w-0 flex-1">
        {label}
        {date.absence ? <strong className="ml-2 text-warning">Meldt fravær</strong> : null}
      </span>
      {date.absence ? (
        <Button
          variant="ghost"
          disabled={undo.isPending}
          aria-label={`Angre fravær for ${date.childName} ${when(date.date)}`}
          onClick={() => tap(undo.mutateAsync(date.absence!._id), 'Fraværet er angret.', 'Kunne ikke angre fraværet.')}
        >
          Angre
        </Button>
      ) : (
        <ReportAbsence date={date} />
      )}
    </li>
  );
}

const STATE_TEXT = { expired: 'Utløpt', withdrawn: 'Trukket tilbake' } as const;

function TokenRow({ token, isAdmin }: { token: MakeupToken; isAdmin: boolean }) {
  const cancel = useCancelMakeup();
  const withdraw = useWithdrawToken();
  const { makeup } = token;
  return (
    <li className="rounded-xl border border-sea-200 bg-white p-3" data-testid="makeup-token">
      <p className="font-medium">
        {token.childName}: erstatningstime{token.courseName ? ` (fra ${token.courseName})` : ''}
      </p>
      {makeup ? (
        <p>
          Bestilt {when(makeup.date)}–{makeup.timeTo} · {makeup.courseName} · {makeup.placeName}
        </p>
      ) : token.state === 'open' ? (
        <p>Gjelder til {formatDate(token.expiresAt)}</p>
      ) : (
        <p className="text-muted">{STATE_TEXT[token.state as keyof typeof STATE_TEXT]}</p>
      )}
      {token.source === 'admin' && token.reason ? <p className="text-sm text-muted">Grunn: {token.reason}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {token.state === 'open' ? (
          <ButtonLink to={paths.makeup(token._id)} aria-label={`Finn erstatningstime for ${token.childName}`}>
            Finn erstatningstime
          </ButtonLink>
        ) : null}
        {makeup && Date.now() <= new Date(makeup.cancelDeadline).getTime() ? (
          <Button
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() => tap(cancel.mutateAsync(makeup._id), 'Erstatningstimen er avbestilt. Dere kan velge en ny.', 'Kunne ikke avbestille.')}
          >
            Avbestill erstatningstimen
          </Button>
        ) : null}
        {isAdmin && token.state === 'open' ? (
          <Button
            variant="ghost"
            disabled={withdraw.isPending}
            onClick={() => tap(withdraw.mutateAsync(token._id), 'Erstatningstimen er trukket tilbake.', 'Kunne ikke trekke tilbake.')}
          >
            Trekk tilbake
          </Button>
        ) : null}
      </div>
      {makeup ? <p className="mt-1 text-sm text-muted">Kan avbestilles til {formatDateTime(makeup.cancelDeadline)}.</p> : null}
    </li>
  );
}

/** The admin's 'Gi erstatningstime': a child and one of its courses, with a reason (kept on the token, logged). */
function GiveToken({ dates }: { dates: AbsenceDate[] }) {
  const give = useGiveToken();
  const courses = [...new Map(dates.map((d) => [`${d.childId}|${d.courseId}`, `${d.childName} · ${d.courseName}`])).entries()];
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  if (courses.length === 0) return null;
  return (
    <form
      aria-label="Gi erstatningstime"
      noValidate
      className="mt-6 space-y-3 rounded-xl bg-sea-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const [childId, courseId] = chosen.split('|') as [string, string];
        give.mutate({ childId, input: { courseId, reason } }, { onSuccess: () => { setReason(''); toast.success('Erstatningstimen er gitt.'); } });
      }}
    >
      <h3 className="font-bold text-sea-900">Gi erstatningstime</h3>
      <Select label="Barn og kurs" placeholder="Velg barn og kurs" value={chosen} onChange={(e) => setChosen(e.target.value)} options={courses.map(([value, label]) => ({ value, label }))} />
      <TextInput label="Grunn" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <Button type="submit" disabled={!chosen || !reason.trim() || give.isPending}>
        Gi erstatningstime
      </Button>
      {give.isError ? <FormError>{errorMessage(give.error, 'Kunne ikke gi erstatningstimen.')}</FormError> : null}
    </form>
  );
}

/** /profil: the family's coming dates with 'Meld fravær', and its make-up tokens with their expiry and make-ups. */
export function FamilyAbsences({ profileId, isAdmin = false }: { profileId: string; isAdmin?: boolean }) {
  const data = useFamilyAbsences(profileId).data;
  const [all, setAll] = useState(false);
  if (!data || !data.enabled || (data.dates.length === 0 && data.tokens.length === 0)) return null;
  const dates = all ? data.dates : data.dates.slice(0, SHOWN);
  return (
    <TitledSection id="fravaer-tittel" title="Fravær og erstatningstimer" titleClassName="mb-4 text-2xl font-bold text-sea-900">
      {data.tokens.length ? (
        <div className="mb-6">
          <h3 className="mb-2 text-lg font-bold text-sea-900">Erstatningstimer</h3>
          <ul className="space-y-2">
            {data.tokens.map((t) => (
              <TokenRow key={t._id} token={t} isAdmin={isAdmin} />
            ))}
          </ul>
        </div>
      ) : null}
      {data.dates.length ? (
        <div>
          <h3 className="mb-2 text-lg font-bold text-sea-900">Kommende timer</h3>
          <ul className="space-y-2">
            {dates.map((d) => (
              <AbsenceRow key={`${d.childId}/${d.courseId}/${d.date}`} date={d} />
            ))}
          </ul>
          {!all && data.dates.length > SHOWN ? (
            <Button variant="ghost" className="mt-2" onClick={() => setAll(true)}>
              Vis alle {data.dates.length} timer
            </Button>
          ) : null}
        </div>
      ) : null}
      {isAdmin ? <GiveToken dates={data.dates} /> : null}
      <p className="mt-4 text-sm text-muted">En erstatningstime gir en plass på en annen time, aldri penger tilbake.</p>
    </TitledSection>
  );
}
