import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useDeleteInvite } from '../api/delete-invite';
import { useProfileInvites } from '../api/get-profile-invites';
import { InviteGuardianDialog } from './invite-guardian-dialog';
import { INVITE_STATUS_LABELS, INVITE_STATUS_STYLE } from './invite-status';

/** The profile's invites with their status; the owner (or an admin) invites and deletes pending ones. */
export function ProfileInvites({ profileId, canInvite }: { profileId: string; canInvite: boolean }) {
  const toast = useToast();
  const invites = useProfileInvites(profileId);
  const remove = useDeleteInvite();
  const [open, setOpen] = useState(false);
  const list = invites.data ?? [];
  return (
    <section aria-labelledby="invitasjoner-tittel">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="invitasjoner-tittel" className="text-2xl font-bold text-sea-900">
          Invitasjoner
        </h2>
        {canInvite ? <Button onClick={() => setOpen(true)}>Inviter foresatt</Button> : null}
      </div>
      {invites.isError ? (
        <p role="alert" className="rounded-2xl bg-danger-bg p-4 font-medium text-danger">
          Det oppstod en feil ved henting av invitasjoner.
        </p>
      ) : list.length === 0 ? (
        <p className="text-muted">{invites.isPending ? 'Henter invitasjoner …' : 'Ingen invitasjoner sendt.'}</p>
      ) : (
        <ul className="space-y-2">
          {list.map((invite) => (
            <li key={invite._id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-3">
              <div className="min-w-0">
                <p className="font-semibold break-all">{invite.email}</p>
                <p className="text-sm text-muted">
                  Sendt {formatDate(invite.createdAt)}
                  {invite.inviter ? ` av ${invite.inviter.firstName} ${invite.inviter.lastName}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${INVITE_STATUS_STYLE[invite.status]}`}>
                  {INVITE_STATUS_LABELS[invite.status]}
                </span>
                {canInvite && invite.status === 'pending' ? (
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    aria-label={`Slett invitasjonen til ${invite.email}`}
                    onClick={() =>
                      remove.mutate(invite._id, {
                        onSuccess: () => toast.success('Invitasjonen er slettet'),
                        onError: () => toast.error('Det oppstod en feil ved sletting av invitasjonen.'),
                      })
                    }
                  >
                    Slett
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canInvite ? <InviteGuardianDialog profileId={profileId} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}
