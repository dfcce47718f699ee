import { useId, useState, type FormEvent } from 'react';
import type { MyWaitlistEntry } from '@shared/api';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { Modal, ModalClose } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

export interface WaitlistChild {
  id: string;
  name: string;
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
  /** The viewer's children (empty for a visitor: the login prompt opens instead). */
  children: readonly WaitlistChild[];
  loggedIn: boolean;
  onLogin: () => void;
}

/**
 * On a full course's row, instead of the pay button: 'Sett barnet på venteliste', and once on the list the position
 * ('Du er nr. {n} på ventelisten'), kept current by the query, with a way off the list.
 */
export function WaitlistCourseAction({ courseId, entries, children, loggedIn, onLogin }: Props) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveWaitlist();
  const waiting = new Set(entries.map((e) => e.child._id));
  const canJoin = !loggedIn || children.some((c) => !waiting.has(c.id));
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
        <Button variant="secondary" onClick={() => (loggedIn ? setOpen(true) : onLogin())}>
          Sett barnet på venteliste
        </Button>
      ) : null}
      <Modal open={open} onOpenChange={setOpen} title="Sett barnet på venteliste">
        {open ? (
          <JoinForm courseId={courseId} choices={children.filter((c) => !waiting.has(c.id))} onDone={() => setOpen(false)} />
        ) : null}
      </Modal>
    </div>
  );
}

function JoinForm({ courseId, choices, onDone }: { courseId: string; choices: readonly WaitlistChild[]; onDone: () => void }) {
  const id = useId();
  const join = useJoinWaitlist();
  const [childId, setChildId] = useState(choices[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!childId) {
      setError('Du må velge et barn');
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-barn`} className="font-semibold text-sea-900">
          Velg barn
        </label>
        <select
          id={`${id}-barn`}
          value={childId}
          onChange={(e) => setChildId(e.target.value)}
          aria-describedby={error ? `${id}-feil` : undefined}
          className="min-h-11 rounded-xl border border-line bg-white px-3"
        >
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-feil`} role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
        <Button type="submit" disabled={join.isPending}>
          Sett på venteliste
        </Button>
      </div>
    </form>
  );
}
