import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHILD_SEARCH_MIN_CHARS, type CourseParticipant, type ParticipantCandidate } from '@shared/course-admin';
import { Button } from '@/components/ui/button';
import { CancelAndAct, Checkbox, ConfirmDialog, FormError, Select, TextInput } from '@/components/ui/form';
import { Modal, ModalClose } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatAge, fullName } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  type ParticipantChange,
  useCandidates,
  useChangeParticipants,
  useCourseParticipants,
} from '@/features/participants/api/participants';

export interface CourseChoice {
  id: string;
  label: string;
}

interface ParticipantsDialogProps {
  courseId: string | null;
  courseLabel: string;
  /** Courses a child may be moved to (the route's list, without this one). */
  moveTargets: readonly CourseChoice[];
  onClose: () => void;
}

const overrideHint = 'Kurset er fullt. Kryss av for å legge til likevel (over maks antall deltakere).';

type PlacingChange = Extract<ParticipantChange, { kind: 'add' | 'move' }>;
/** The add or the move as the form knows it; the override comes from the box. */
type Placing = Omit<Extract<PlacingChange, { kind: 'add' }>, 'override'> | Omit<Extract<PlacingChange, { kind: 'move' }>, 'override'>;

/** An add or a move with its outcome; on COURSE_FULL a box for the admin's explicit decision to go above the maximum. */
function usePlacing(texts: { success: string; failure: string }, onDone: () => void) {
  const change = useChangeParticipants();
  const [override, setOverride] = useState(false);
  const [full, setFull] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const place = (vars: Placing) => {
    setProblem(null);
    change.mutate({ ...vars, override } as PlacingChange, {
      onSuccess: () => {
        toast.success(texts.success);
        onDone();
      },
      onError: (error) => {
        toast.error(texts.failure);
        if (isApiError(error) && error.code === 'COURSE_FULL') setFull(true);
        setProblem(errorMessage(error, texts.failure));
      },
    });
  };
  // Under the form: the override box once the course is full, and what went wrong.
  const outcome = (
    <>
      {full ? (
        <Checkbox label={overrideHint} fieldClassName="rounded-xl bg-warning-bg p-3" checked={override} onChange={(e) => setOverride(e.target.checked)} />
      ) : null}
      <FormError>{problem}</FormError>
    </>
  );
  return { place, busy: change.isPending, setProblem, outcome };
}

/** Move a child to another course: spec §2 "move or add a child". */
function MoveForm({ courseId, child, targets, onDone }: { courseId: string; child: CourseParticipant; targets: readonly CourseChoice[]; onDone: () => void }) {
  const [target, setTarget] = useState('');
  const placing = usePlacing({ success: 'Brukeren har blitt flyttet til kurset', failure: 'Kunne ikke flytte bruker til kurset' }, onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return placing.setProblem('Velg et kurs');
    placing.place({ kind: 'move', courseId, childId: child._id, toCourseId: target });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Select
        label={`Flytt ${fullName(child)} til`}
        placeholder="Velg kurs"
        options={targets.map((t) => ({ value: t.id, label: t.label }))}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      />
      {placing.outcome}
      <CancelAndAct onCancel="modal" busy={placing.busy} text="Flytt" className="flex justify-end gap-3" />
    </form>
  );
}

const guardiansLabel = (c: ParticipantCandidate) => (c.guardians.length ? c.guardians.map(fullName).join(' og ') : 'ingen foresatte');

/** Add a child to the course: search by name (guardians and age shown, so namesakes can be told apart). */
function AddForm({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim(), 300);
  const searchable = name.length >= CHILD_SEARCH_MIN_CHARS;
  const found = useCandidates(courseId, name, searchable);
  const placing = usePlacing({ success: 'Brukeren har blitt lagt til i kurset', failure: 'Kunne ikke legge til bruker i kurset' }, onDone);

  const typed = text.trim();
  const hits = searchable && typed.length >= CHILD_SEARCH_MIN_CHARS ? found.data : undefined;
  const status =
    typed.length > 0 && typed.length < CHILD_SEARCH_MIN_CHARS
      ? `Skriv minst ${CHILD_SEARCH_MIN_CHARS} tegn`
      : found.isError && searchable
        ? errorMessage(found.error, 'Kunne ikke søke etter brukere')
        : hits && hits.total === 0
          ? 'Fant ingen barn'
          : hits && hits.total > hits.children.length
            ? `Viser ${hits.children.length} av ${hits.total}. Skriv mer av navnet for å finne færre.`
            : '';

  return (
    <div className="space-y-4">
      <TextInput
        type="search"
        label="Søk etter barn"
        hint="Fornavn, etternavn eller begge"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        maxLength={100}
      />
      <p role="status" className="text-sm text-muted">
        {status}
      </p>
      {hits && hits.children.length > 0 ? (
        <ul className="divide-y divide-line" aria-label="Treff">
          {hits.children.map((c) => (
            <li key={c._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-ink">{fullName(c)}</p>
                <p className="text-sm break-words text-muted">
                  {c.birthdate ? `${formatAge(c.birthdate)} · ` : ''}Foresatte: {guardiansLabel(c)}
                </p>
              </div>
              {c.onCourse ? (
                <span className="text-sm font-semibold text-sea-900">Påmeldt</span>
              ) : (
                <Button
                  variant="secondary"
                  disabled={placing.busy}
                  onClick={() => placing.place({ kind: 'add', courseId, childId: c._id })}
                  aria-label={`Legg til ${fullName(c)}`}
                >
                  Legg til
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {placing.outcome}
      <div className="flex justify-end gap-3">
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
      </div>
    </div>
  );
}

/** Spec §2 participants-list modal (admin): the children of a course by first name, with remove and move. */
export function ParticipantsDialog({ courseId, courseLabel, moveTargets, onClose }: ParticipantsDialogProps) {
  const list = useCourseParticipants(courseId ?? undefined);
  const change = useChangeParticipants();
  const [moving, setMoving] = useState<CourseParticipant | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CourseParticipant | null>(null);

  const remove = async () => {
    if (!courseId || !removing) return;
    try {
      await change.mutateAsync({ kind: 'remove', courseId, childId: removing._id });
      toast.success('Brukeren har blitt fjernet fra kurset');
    } catch {
      // The dialog closes either way; the toast says it failed.
      toast.error('Kunne ikke fjerne bruker fra kurset');
    }
  };

  const participants = list.data?.participants ?? [];
  return (
    <Modal open={!!courseId} onOpenChange={(open) => !open && onClose()} title="Påmeldte" description={courseLabel} size="lg">
      {list.isPending ? (
        <p role="status">Laster påmeldte…</p>
      ) : list.isError ? (
        <p role="alert">Kunne ikke hente kurs</p>
      ) : participants.length === 0 ? (
        <p>Ingen påmeldte</p>
      ) : (
        <ul className="divide-y divide-line">
          {participants.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-52">
                <p className="font-semibold text-ink">
                  {fullName(p)}
                  {p.capacityOverride ? <span className="ml-2 text-sm font-normal text-warning">(over maks)</span> : null}
                </p>
                <p className="text-sm text-muted">
                  {p.birthdate ? formatAge(p.birthdate) : ''}
                  {p.profileId ? (
                    <>
                      {p.birthdate ? ' · ' : ''}
                      <Link to={paths.profileById(p.profileId)}>Profil</Link>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setMoving(p)} aria-label={`Flytt ${fullName(p)}`}>
                  Flytt
                </Button>
                <Button variant="secondary" onClick={() => setRemoving(p)} aria-label={`Fjern ${fullName(p)}`}>
                  Fjern
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Legg til barn
        </Button>
      </div>
      <Modal open={!!moving || adding} onOpenChange={(open) => !open && (setMoving(null), setAdding(false))} title={moving ? 'Flytt til kurs' : 'Legg til på kurs'}>
        {courseId && moving ? <MoveForm courseId={courseId} child={moving} targets={moveTargets} onDone={() => setMoving(null)} /> : null}
        {courseId && adding && !moving ? <AddForm courseId={courseId} onDone={() => setAdding(false)} /> : null}
      </Modal>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Fjern fra kurset"
        message={removing ? `Fjerne ${fullName(removing)} fra kurset?` : undefined}
        confirmText="Fjern"
        confirmVariant="danger"
        busyText="Fjerner …"
        onConfirm={remove}
      />
    </Modal>
  );
}
