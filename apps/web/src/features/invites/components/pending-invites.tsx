import { useEffect, useRef } from 'react';
import type { Invite } from '@shared/api/invites';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useAnswerInvite, usePendingInvites } from '@/features/invites/api/invites';
import { childNames } from './invite-status';

function PendingInvite({ invite, highlighted }: { invite: Invite; highlighted: boolean }) {
  const answer = useAnswerInvite();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const inviter = invite.inviter ? `${invite.inviter.firstName} ${invite.inviter.lastName}` : 'En foresatt';
  const kids = childNames(invite);
  // mutateAsync: the answer unmounts this invite before per-call callbacks would run. Accepting takes the e-mailed link.
  const reject = () =>
    answer
      .mutateAsync({ id: invite._id, status: 'rejected' })
      .then(
        () => toast.success('Invitasjonen er avslått'),
        () => toast.error('Det oppstod en feil ved avvisning av invitasjonen.'),
      );
  return (
    <li
      ref={ref}
      className={`flex flex-col gap-3 rounded-2xl border-2 bg-white p-4 sm:flex-row sm:items-center sm:justify-between ${
        highlighted ? 'border-sea-700' : 'border-sea-200'
      }`}
    >
      <div>
        <p>
          <strong>{inviter}</strong> har invitert deg som foresatt{kids ? ` for ${kids}` : ''}.{' '}
          <span className="text-muted">Venter på svar</span>
        </p>
        <p className="mt-1 text-sm text-muted">
          Åpne lenken i e-posten for å godta. Den gjelder til {formatDate(invite.expiresAt)}.
        </p>
      </div>
      <div className="flex shrink-0 gap-3">
        <Button variant="secondary" onClick={reject} disabled={answer.isPending}>
          Avslå
        </Button>
      </div>
    </li>
  );
}

/** Invites waiting for the signed-in user's answer ('Invitasjoner til deg'); `highlight` is the e-mailed one. */
export function PendingInvites({ userId, highlight }: { userId: string; highlight?: string | null }) {
  const invites = usePendingInvites(userId);
  if (invites.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-danger-bg p-4 font-medium text-danger">
        Det oppstod en feil ved henting av invitasjoner.
      </p>
    );
  }
  const list = invites.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="invitasjoner-til-deg" className="rounded-2xl bg-sea-50 p-4 sm:p-6">
      <h2 id="invitasjoner-til-deg" className="mb-4 text-2xl font-bold text-sea-900">
        Invitasjoner til deg
      </h2>
      <ul className="space-y-3">
        {list.map((invite) => (
          <PendingInvite key={invite._id} invite={invite} highlighted={invite._id === highlight} />
        ))}
      </ul>
    </section>
  );
}
