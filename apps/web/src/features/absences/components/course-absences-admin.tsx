import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, WholeNumberInput } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDate } from '@/lib/format';
import { useCourseAbsences, useSetCourseAbsenceSettings, useWithdrawToken } from '../api/absences';

const REASON = { sick: 'syk', other: 'annet' } as const;
const STATE = { open: 'ubrukt', spent: 'brukt', expired: 'utløpt', withdrawn: 'trukket tilbake' } as const;

/** The course's switch and make-up places per date; the school's defaults are at /admin/innstillinger. */
function CourseSettingsForm({ courseId, absencesOff, makeupLimit }: { courseId: string; absencesOff: boolean; makeupLimit: number | null }) {
  const save = useSetCourseAbsenceSettings();
  const [off, setOff] = useState(absencesOff);
  const [limit, setLimit] = useState(makeupLimit === null ? '' : String(makeupLimit));
  const limitValue = limit.trim() === '' ? null : Number(limit);
  const invalid = limitValue !== null && (!Number.isInteger(limitValue) || limitValue < 0);
  return (
    <form
      noValidate
      aria-label="Fravær på kurset"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        save.mutate({ courseId, input: { absencesOff: off, makeupLimit: limitValue } }, { onSuccess: () => toast.success('Lagret'), onError: (error) => toast.error(errorMessage(error, 'Kunne ikke lagre')) });
      }}
    >
      <Checkbox label="Slå av fravær og erstatningstimer for dette kurset" checked={off} onChange={(e) => setOff(e.target.checked)} />
      <WholeNumberInput
        label="Høyst erstatningsplasser per dato (tomt: alle ledige)"
        value={limit}
        min={0}
        onChange={(e) => setLimit(e.target.value)}
        error={invalid ? 'Skriv et helt tall fra 0, eller la feltet stå tomt.' : undefined}
      />
      <Button type="submit" disabled={save.isPending}>
        Lagre
      </Button>
      {save.isError ? <FormError>{errorMessage(save.error, 'Kunne ikke lagre')}</FormError> : null}
    </form>
  );
}

/** In the admin's course list: the course's absences and the tokens earned on it, with the course's settings. */
export function CourseAbsencesAdmin({ courseId }: { courseId: string }) {
  const data = useCourseAbsences(courseId).data;
  const withdraw = useWithdrawToken();
  if (!data) return null;
  return (
    <section aria-label="Fravær og erstatningstimer" className="mb-4 space-y-3 rounded-xl bg-sea-50 p-3 text-sm" data-testid="course-absences-admin">
      <p className="font-semibold">Fravær og erstatningstimer</p>
      <CourseSettingsForm key={`${data.absencesOff}/${data.makeupLimit}`} courseId={courseId} absencesOff={data.absencesOff} makeupLimit={data.makeupLimit} />
      {data.absences.length ? (
        <ul aria-label="Fravær">
          {data.absences.map((a) => (
            <li key={a._id}>
              {formatDate(a.date)}: {a.childName}
              {a.reason ? ` (${REASON[a.reason]})` : ''}
              {a.undoneAt ? ' – angret' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>Ingen fravær meldt.</p>
      )}
      {data.tokens.length ? (
        <ul aria-label="Erstatningstimer">
          {data.tokens.map((t) => (
            <li key={t._id} className="flex flex-wrap items-center gap-2">
              <span>
                {t.childName}: {STATE[t.state]}, gjelder til {formatDate(t.expiresAt)}
                {t.makeup ? `, ${formatDate(t.makeup.date)} ${t.makeup.placeName}` : ''}
              </span>
              {t.state === 'open' ? (
                <Button variant="ghost" disabled={withdraw.isPending} onClick={() => withdraw.mutate(t._id, { onError: (error) => toast.error(errorMessage(error, 'Kunne ikke trekke tilbake')) })}>
                  Trekk tilbake
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
