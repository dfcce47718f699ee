import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { VippsLoginButton } from '@/features/auth/components/vipps-login-button';
import { peekReturnAddress } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';

export function Component() {
  useDocumentTitle(pageTitle('Logg inn'));
  const session = useSession();
  // Where the user came from (paths.loginFrom, LoginFirstButton), else the one a failed login kept.
  const [search] = useSearchParams();
  const returnTo = search.get(LOGIN_RETURN_PARAM) || peekReturnAddress();
  return (
    <Container className="py-12 sm:py-20">
      <div className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-line sm:p-10">
        <h1 className="text-3xl font-bold text-sea-900">Logg inn</h1>
        {/* From a button that needs login (LoginFirstButton): the spec's login prompt says why. */}
        {!session && search.has('handling') ? <p className="mt-4 text-lg font-semibold text-ink">Du må være logget inn for å utføre denne handlingen</p> : null}
        {session ? (
          <>
            <p className="mt-4 text-lg text-muted">Du er allerede logget inn.</p>
            <div className="mt-8">
              <ButtonLink to={paths.profile} size="lg" className="w-full">
                Gå til profilen din
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <p className="mt-4 text-lg text-muted">
              Vi tilbyr kun innlogging med Vipps. Du trenger ingen egen brukerkonto hos oss – logg inn med Vipps for å
              bestille kurs og se familieprofilen din.
            </p>
            <div className="mt-8">
              <VippsLoginButton returnTo={returnTo} />
            </div>
          </>
        )}
      </div>
    </Container>
  );
}
