import { useState } from 'react';
import type { Invite } from '@shared/api/invites';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { displayPhone, formatDate } from '@/lib/format';
import { useConfirmInvite, useDeleteInvite, useProfileInvites, useUndoInvite } from '@/features/invites/api/invites';
import { InviteGuardianDialog } from './invite-guardian-dialog';
import { INVITE_STATUS_LABELS, INVITE_STATUS_STYLE } from './invite-status';

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const knownCodes = (error: unknown) =>
  isApiError(error) && ['INVITE_EXPIRED', 'INVITE_NOT_PENDING', 'LAST_GUARDIAN'].includes(error.code) ? errorMessage(error) : null;

/** 'Angre' on an accepted invite: the person who joined leaves the family (issue 36). */
function UndoInvite({ invite, joined }: { invite: Invite; joined: string }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoInvite();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Angre invitasjonen til ${invite.email}`}>
        Angre
      </Button>
      <ConfirmDialog
        confirmVariant="danger"
        open={open}
        onOpenChange={setOpen}
        title="Angre invitasjonen"
        confirmText="Ja, angre"
        busyText="Angrer …"
        onConfirm={() =>
          undo.mutateAsync(invite._id).then(
            () => toast.success(`${joined} er fjernet fra profilen`),
            (error: unknown) => {
              toast.error(knownCodes(error) ?? 'Kunne ikke fjerne foresatt fra profilen. Prøv igjen senere.');
              throw error;
            },
          )
        }
      >
        <p>{`${joined} mister tilgangen til barna på profilen og kan ikke lenger bestille kurs for dem.`}</p>
      </ConfirmDialog>
    </>
  );
}

function InviteRow({ invite, canInvite }: { invite: Invite; canInvite: boolean }) {
  const remove = useDeleteInvite();
  const confirm = useConfirmInvite();
  const expired = invite.status === 'pending' && Date.parse(invite.expiresAt) <= Date.now();
  const claimant = invite.status === 'pending' && !expired ? invite.claimedBy : null;
  const joined = invite.status === 'accepted' && invite.acceptedBy ? nameOf(invite.acceptedBy) : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-all">{invite.email}</p>
          <p className="text-sm text-muted">
            Sendt {formatDate(invite.createdAt)}
            {invite.inviter ? ` av ${nameOf(invite.inviter)}` : ''}
            {invite.status === 'pending' ? (expired ? ` · Utløpt ${formatDate(invite.expiresAt)}` : ` · Utløper ${formatDate(invite.expiresAt)}`) : ''}
          </p>
          {joined ? (
            <p className="text-sm">
              Godtatt av {joined}
              {invite.answeredAt ? ` ${formatDate(invite.answeredAt)}` : ''}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${expired ? INVITE_STATUS_STYLE.rejected : INVITE_STATUS_STYLE[invite.status]}`}>
            {expired ? 'Utløpt' : INVITE_STATUS_LABELS[invite.status]}
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
          {canInvite && joined ? <UndoInvite invite={invite} joined={joined} /> : null}
        </div>
      </div>
      {claimant ? (
        <div className="flex flex-col gap-3 rounded-lg bg-sand-100 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <strong>{nameOf(claimant)}</strong>
            {claimant.phone ? ` (${displayPhone(claimant.phone)})` : ''} har åpnet lenken og vil bli med som foresatt. Bekreft bare
            hvis du kjenner personen.
          </p>
          {canInvite ? (
            <Button
              className="shrink-0"
              disabled={confirm.isPending}
              aria-label={`Bekreft ${nameOf(claimant)} som foresatt`}
              onClick={() =>
                confirm.mutate(invite._id, {
                  onSuccess: () => toast.success(`${nameOf(claimant)} er lagt til som foresatt`),
                  onError: (error) => toast.error(knownCodes(error) ?? 'Det oppstod en feil ved godkjenning av invitasjonen.'),
                })
              }
            >
              Bekreft
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The profile's invites; the owner (or an admin) invites, deletes, confirms and undoes them. */
export function ProfileInvites({ profileId, canInvite }: { profileId: string; canInvite: boolean }) {
  const invites = useProfileInvites(profileId);
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
            <InviteRow key={invite._id} invite={invite} canInvite={canInvite} />
          ))}
        </ul>
      )}
      {canInvite ? <InviteGuardianDialog profileId={profileId} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}
