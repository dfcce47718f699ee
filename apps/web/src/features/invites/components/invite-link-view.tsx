import type { ReactNode } from 'react';
import type { InviteLink } from '@shared/api/invites';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDate } from '@/lib/format';
import { useAnswerInvite, useInviteLink } from '@/features/invites/api/invites';
import { clearInviteSecret } from './invite-secret';

const listNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} og ${names.at(-1)}`);

function Notice({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : undefined} className={`rounded-2xl p-5 font-medium ${alert ? 'bg-danger-bg text-danger' : 'bg-sea-50'}`}>
      {children}
    </p>
  );
}

/** Codes that say something the spec's generic answer texts would hide. */
const answerError = (error: unknown, fallback: string) =>
  isApiError(error) && (error.code === 'INVITE_EXPIRED' || error.code === 'INVITE_NOT_PENDING') ? errorMessage(error) : fallback;

/** An e-mailed invite link's page: one tap answers (mail scanners follow links); a verified match joins, else the owner confirms. */
export function InviteLinkView({
  secret,
  onJoined,
  onRejected,
  profileLink,
}: {
  secret: string | null;
  onJoined: (profileId: string) => void;
  onRejected: () => void;
  profileLink: (profileId: string) => ReactNode;
}) {
  const link = useInviteLink(secret);
  const answer = useAnswerInvite();

  if (!secret) return <Notice>Lenken er ikke komplett. Åpne lenken i e-posten med invitasjonen på nytt.</Notice>;
  if (link.isPending) return <p role="status" className="text-muted">Henter invitasjonen …</p>;
  if (link.isError) {
    const error = link.error;
    if (isApiError(error) && error.code === 'NOT_FOUND') {
      return <Notice alert>Vi fant ingen invitasjon for denne lenken. Sjekk at du har åpnet hele lenken fra e-posten.</Notice>;
    }
    return <Notice alert>{isApiError(error) && error.code === 'INVITE_EXPIRED' ? errorMessage(error) : 'Det oppstod en feil ved henting av invitasjoner.'}</Notice>;
  }
  const invite: InviteLink = link.data;
  const inviter = invite.inviter ? `${invite.inviter.firstName} ${invite.inviter.lastName}` : 'En foresatt';

  if (invite.status !== 'pending') {
    return invite.profileId ? (
      <Notice>Du er allerede foresatt i denne familien. {profileLink(invite.profileId)}</Notice>
    ) : (
      <Notice>Invitasjonen er allerede besvart eller slettet.</Notice>
    );
  }
  if (invite.claimedByYou) {
    return (
      <Notice>
        Du har bedt om å bli med. {inviter} må bekrefte at det er deg før du blir foresatt. Når det er gjort, finner du familien på
        profilen din.
      </Notice>
    );
  }

  const kids = listNames(invite.children);
  const respond = (status: 'accepted' | 'rejected') =>
    answer.mutate(
      { id: invite._id, status, secret },
      {
        onSuccess: (result) => {
          if (status === 'rejected') {
            clearInviteSecret();
            toast.success('Invitasjonen er avslått');
            onRejected();
          } else if (result.profileId) {
            clearInviteSecret();
            toast.success('Invitasjonen er godtatt');
            onJoined(result.profileId);
          } else {
            toast.success(`Forespørselen er sendt til ${inviter}`);
          }
        },
        onError: (error) =>
          toast.error(
            answerError(
              error,
              status === 'accepted' ? 'Det oppstod en feil ved godkjenning av invitasjonen.' : 'Det oppstod en feil ved avvisning av invitasjonen.',
            ),
          ),
      },
    );

  return (
    <section aria-labelledby="invitasjon-tittel" className="space-y-4 rounded-2xl bg-sea-50 p-4 sm:p-6">
      <h2 id="invitasjon-tittel" className="text-2xl font-bold text-sea-900">
        Invitasjon til familieprofil
      </h2>
      <p>
        <strong>{inviter}</strong> har invitert deg som foresatt{kids ? ` for ${kids}` : ''}.
      </p>
      {invite.join === 'owner' ? (
        <p>
          E-postadressen din er ikke bekreftet hos Vipps, så {inviter} må bekrefte at det er deg før du får se barna og kan bestille
          kurs for dem.
        </p>
      ) : (
        <p>Som foresatt ser du barna, kursene deres og kan bestille kurs for dem.</p>
      )}
      <p className="text-sm text-muted">Invitasjonen gjelder til {formatDate(invite.expiresAt)}.</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => respond('rejected')} disabled={answer.isPending}>
          Avslå
        </Button>
        <Button onClick={() => respond('accepted')} disabled={answer.isPending}>
          Godta
        </Button>
      </div>
    </section>
  );
}
