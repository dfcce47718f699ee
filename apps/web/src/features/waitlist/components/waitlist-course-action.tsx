import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { MyWaitlistEntry } from '@shared/api';
import { Button } from '@/components/ui/button';
import { LoginFirstButton } from '@/components/ui/login-first-button';
import { CancelAndAct, FormError, Select } from '@/components/ui/form';
import { confirm } from '@/components/ui/dialogs';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format';
import { useJoinWaitlist, useLeaveWaitlist } from '@/features/waitlist/api/waitlist';

export interface WaitlistChild {
  id: string;
  name: string;
  /** The courses the child is on: a child already on this course cannot wait for it. */
  courseIds: readonly string[];
}

export const positionLabel = (position: number) => `Du er nr. ${position} på ventelisten`;

/** What a waiting child's entry says: its position, or the offer and until when. */
export function entryLabel(entry: MyWaitlistEntry): string {
  if (entry.status === 'offered' && entry.offerExpiresAt) return `Plass holdt av for ${entry.child.firstName} til ${formatDateTime(entry.offerExpiresAt)}`;
  return `${positionLabel(entry.position)} (${entry.child.firstName})`;
}

interface Props {
  courseId: string;
  /** The viewer's open entries on this course. */
  entries: readonly MyWaitlistEntry[];
  /** The viewer's children (empty for a visitor: the button goes to the login page instead). */
  children: readonly WaitlistChild[];
  loggedIn: boolean;
  /** 'Legg til barn': opens the add-child dialog (the booking dialog's own, composed by the route). */
  onAddChild: () => void;
  /** The child just added there: chosen in the dialog once it is in `children`. */
  addedChildId?: string | null;
  /** The dialog opens by itself: a visitor tapped 'Sett barnet på venteliste' here and has now logged in. */
  autoOpen?: boolean;
}

/** On a full course's row: 'Sett barnet på venteliste', then the position and a way off the list. */
export function WaitlistCourseAction({ courseId, entries, children, loggedIn, onAddChild, addedChildId, autoOpen = false }: Props) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (autoOpen && loggedIn) setOpen(true);
  }, [autoOpen, loggedIn]);
  const leave = useLeaveWaitlist();
  const waiting = new Set(entries.map((e) => e.child._id));
  // A family with no child waiting here (none at all included: they add one in the dialog), or one who can still join.
  const canJoin = !loggedIn || waiting.size === 0 || children.some((c) => !waiting.has(c.id) && !c.courseIds.includes(courseId));
  const leaveEntry = async (entry: MyWaitlistEntry) => {
    if (!(await confirm({ title: `Ta ${entry.child.firstName} av ventelisten?`, confirmText: 'Forlat ventelisten', confirmVariant: 'danger' }))) return;
    leave.mutate(entry._id, {
      onSuccess: () => toast.success(`${entry.child.firstName} er tatt av ventelisten`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <div className="flex flex-col items-end gap-1.5">
      {entries.map((entry) => (
        <p key={entry._id} className="flex flex-wrap items-center justify-end gap-2 text-sm font-semibold text-sea-900">
          <span>{entryLabel(entry)}</span>
          <Button variant="ghost" onClick={() => void leaveEntry(entry)} aria-label={`Forlat ventelisten for ${entry.child.firstName}`}>
            Forlat
          </Button>
        </p>
      ))}
      {canJoin ? (
        <LoginFirstButton variant="secondary" loggedIn={loggedIn} onClick={() => setOpen(true)} returnTo={paths.courseAction(pathname, courseId, 'venteliste')}>
          Sett barnet på venteliste
        </LoginFirstButton>
      ) : null}
      <Modal open={open} onOpenChange={setOpen} title="Sett barnet på venteliste">
        {open ? (
          <JoinForm
            courseId={courseId}
            choices={children.filter((c) => !waiting.has(c.id))}
            addedChildId={addedChildId ?? null}
            onAddChild={onAddChild}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </div>
  );
}

interface JoinFormProps {
  courseId: string;
  choices: readonly WaitlistChild[];
  addedChildId: string | null;
  onAddChild: () => void;
  onDone: () => void;
}

function JoinForm({ courseId, choices, addedChildId, onAddChild, onDone }: JoinFormProps) {
  const id = useId();
  const join = useJoinWaitlist();
  const canWait = (c: WaitlistChild) => !c.courseIds.includes(courseId);
  // Preselected: a child who can join, also when the family's list arrives after the dialog opened.
  const [picked, setChildId] = useState('');
  const childId = picked || (choices.find(canWait)?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  // A child added with 'Legg til barn' is chosen as soon as the family's list has it (render-time adjustment).
  const [applied, setApplied] = useState<string | null>(null);
  if (addedChildId && addedChildId !== applied && choices.some((c) => c.id === addedChildId && canWait(c))) {
    setApplied(addedChildId);
    setChildId(addedChildId);
    setError(null);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!childId) {
      setError(choices.length === 0 ? 'Legg til et barn først' : 'Du må velge et barn');
      return;
    }
    join.mutate(
      { courseId, childId },
      {
        onSuccess: (entry) => {
          toast.success(positionLabel(entry.position));
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p>Kurset er fullt. Når en plass blir ledig, får barnet først i køen et tilbud på e-post som gjelder en begrenset tid.</p>
      {choices.length === 0 ? (
        <p className="rounded-xl bg-sand-100 p-3">Du har ingen barn registrert. Legg til barnet ditt for å sette det på ventelisten.</p>
      ) : (
        <Select
          label="Velg barn"
          value={childId}
          onChange={(e) => {
            setChildId(e.target.value);
            setError(null);
          }}
          error={!!error}
          describedBy={error ? `${id}-feil` : undefined}
          placeholder={choices.some(canWait) ? undefined : 'Velg barn'}
          options={choices.map((c) => ({ value: c.id, label: canWait(c) ? c.name : `${c.name} – allerede påmeldt`, disabled: !canWait(c) }))}
        />
      )}
      <div>
        <Button variant="secondary" onClick={onAddChild}>
          Legg til barn
        </Button>
      </div>
      <FormError id={`${id}-feil`}>{error}</FormError>
      <CancelAndAct onCancel="modal" busy={join.isPending} text="Sett på venteliste" className="flex flex-wrap justify-end gap-3" />
    </form>
  );
}
