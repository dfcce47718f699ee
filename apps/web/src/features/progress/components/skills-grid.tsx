import { useState, type FormEvent } from 'react';
import { PROGRESS_COMMENT_MAX, type CourseProgress, type MarkState } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Select, Textarea } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { countOf, fullName } from '@/lib/format';
import { errorMessage, messageForCode } from '@/lib/error-messages';
import { useSaveProgressNote } from '@/features/progress/api/progress';
import { useSkillMarks } from '@/features/progress/hooks/use-skill-marks';

/** One tap: not marked → 'Øver' → 'Mestrer' → 'Øver'. */
const nextState = (state: MarkState | undefined): MarkState => (state === 'Øver' ? 'Mestrer' : 'Øver');

const STATUS_TEXT = { saved: 'Alt er lagret', sending: 'Lagrer…', waiting: 'venter på nett', failed: 'Noen markeringer ble ikke godtatt.' } as const;

type Child = CourseProgress['children'][number];

/** 'Kommentar til foreldrene' and 'Anbefalt neste kurs' for one child, saved with its own button. */
function NoteForm({ courseId, child, progress }: { courseId: string; child: Child; progress: CourseProgress }) {
  const save = useSaveProgressNote(courseId);
  const [comment, setComment] = useState(child.comment);
  const [recommended, setRecommended] = useState(child.recommendedLevelId ?? child.defaultRecommendationId ?? '');
  const tooLong = comment.trim().length > PROGRESS_COMMENT_MAX;
  const name = fullName(child);
  const options = [progress.level, progress.nextLevel].flatMap((l) => (l ? [{ value: l._id, label: l.name }] : []));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    try {
      await save.mutateAsync({ childId: child._id, comment, recommendedLevelId: recommended || null });
      toast.success(`Lagret for ${child.firstName}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre kommentaren'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Kommentar og anbefaling for ${name}`} className="mt-3 space-y-3">
      <Textarea
        label="Kommentar til foreldrene"
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        hint={`${comment.trim().length} av ${PROGRESS_COMMENT_MAX} tegn`}
        error={tooLong ? `Kommentaren kan være høyst ${PROGRESS_COMMENT_MAX} tegn` : undefined}
      />
      {options.length ? <Select label="Anbefalt neste kurs" options={options} value={recommended} onChange={(e) => setRecommended(e.target.value)} /> : null}
      <Button type="submit" variant="secondary" disabled={save.isPending || tooLong}>
        Lagre for {child.firstName}
      </Button>
    </form>
  );
}

/** 'Ferdigheter' on the pool deck: one skill at a time, a large button per child; a tap is saved at once through the offline queue. */
export function SkillsGrid({ courseId, progress }: { courseId: string; progress: CourseProgress }) {
  const skills = (progress.level?.skills ?? []).filter((s) => !s.retired);
  const [skillId, setSkillId] = useState(skills[0]?._id ?? '');
  const { states, waiting, refusals, mark, pending, state } = useSkillMarks(courseId, progress.marks);

  if (!progress.level) return <p className="rounded-xl bg-sand-100 p-3 font-medium">Kurset har ikke fått et nivå ennå. En administrator velger nivå i kursskjemaet.</p>;
  if (!skills.length) return <p>Nivået har ingen ferdigheter ennå.</p>;
  const mastered = progress.children.filter((c) => states.get(`${c._id}|${skillId}`) === 'Mestrer').length;
  return (
    <div className="space-y-4">
      <Select id="ferdighet" label="Ferdighet" value={skillId} onChange={(e) => setSkillId(e.target.value)} options={skills.map((s) => ({ value: s._id, label: s.description }))} />
      <p role="status" className={`rounded-xl p-3 font-semibold ${state === 'saved' ? 'bg-success-bg text-success' : state === 'failed' ? 'bg-danger-bg text-danger' : 'bg-warning-bg text-warning'}`}>
        {mastered} av {progress.children.length} mestrer ·{' '}
        {state === 'waiting' ? `${countOf(pending, 'markering', 'markeringer')} ${STATUS_TEXT.waiting}` : STATUS_TEXT[state]}
      </p>
      {progress.children.length === 0 ? <p>Ingen påmeldte</p> : null}
      <ul className="space-y-3">
        {progress.children.map((child) => {
          const key = `${child._id}|${skillId}`;
          const current = states.get(key);
          const refusal = refusals.get(key);
          return (
            <li key={child._id} className="rounded-2xl border border-sea-100 bg-white p-2">
              <Button
                variant={current === 'Mestrer' ? 'primary' : 'secondary'}
                onClick={() => mark(child._id, skillId, nextState(current))}
                aria-label={`${fullName(child)}: ${current ?? 'ikke markert'}${waiting.has(key) ? ', venter på nett' : ''}. Trykk for ${nextState(current)}`}
                className="min-h-16 w-full justify-between rounded-2xl text-left text-lg"
              >
                <span className="min-w-0 flex-1 text-left break-words">{fullName(child)}</span>
                <span aria-hidden="true" className="shrink-0 text-base">
                  {current === 'Mestrer' ? '★ Mestrer' : current === 'Øver' ? 'Øver' : 'Ikke markert'}
                  {waiting.has(key) ? ' ⏳' : ''}
                </span>
              </Button>
              {waiting.has(key) ? <p className="mt-1 px-2 text-sm text-warning">Venter på nett</p> : null}
              {refusal ? (
                <p role="alert" className="mt-1 px-2 text-sm font-semibold text-danger">
                  Ikke lagret: {messageForCode(refusal)}
                </p>
              ) : null}
              <details className="mt-1 px-2">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sea-800">Kommentar og anbefaling</summary>
                <NoteForm courseId={courseId} child={child} progress={progress} />
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
