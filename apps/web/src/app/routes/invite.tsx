import { Link, useNavigate } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { InviteLinkView } from '@/features/invites/components/invite-link-view';
import { useInviteSecret } from '@/features/invites/components/invite-secret';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /invitasjon#<secret>: the secret is taken before the login check, so it survives the Vipps login. */
export function Component() {
  useDocumentTitle(pageTitle('Invitasjon'));
  const secret = useInviteSecret();
  const navigate = useNavigate();
  return (
    <AccessGuard>
      <Container className="py-10 sm:py-14">
        <PageHeader title="Invitasjon" />
        <div className="max-w-2xl">
          <InviteLinkView
            secret={secret}
            onJoined={(profileId) => navigate(paths.profileById(profileId))}
            onRejected={() => navigate(paths.profile)}
            profileLink={(profileId) => (
              <Link to={paths.profileById(profileId)} className="underline">
                Gå til familien
              </Link>
            )}
          />
        </div>
      </Container>
    </AccessGuard>
  );
}
