import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { peekReturnAddress, startSession, takeReturnAddress } from '@/lib/session';
import { exchangeLoginReturn } from '@/features/auth/api/auth';
import { loginErrorMessage, tokenErrorMessage } from './login-messages';

const LOOPS = [paths.login, '/vipps/login-redirect'];

/** Where to go after login: the server's returnTo (or the stored one), never another site or back into login. */
function destination(serverReturnTo: string): string {
  const stored = takeReturnAddress();
  const candidate = serverReturnTo && serverReturnTo !== '/' ? serverReturnTo : stored;
  const safe = candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.includes('\\');
  const path = candidate.split(/[?#]/)[0] ?? '';
  return safe && !LOOPS.some((loop) => path === loop || path.startsWith(`${loop}/`)) ? candidate : paths.home;
}

function LoginFailed({ message }: { message: string }) {
  const returnTo = peekReturnAddress();
  return (
    <div className="mx-auto max-w-xl text-center">
      <h1 className="text-3xl font-bold text-sea-900 sm:text-4xl">Du ble ikke logget inn</h1>
      <p role="alert" className="mt-4 text-lg text-ink">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home} variant="secondary">
          Til forsiden
        </ButtonLink>
        <ButtonLink to={returnTo ? paths.loginFrom(returnTo) : paths.login}>
          Logg inn på nytt
        </ButtonLink>
      </div>
    </div>
  );
}

/** Spec §2 'Login return page': the query is exchanged for the site's session, and the user goes back. */
export function LoginReturn() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const providerError = new URLSearchParams(search).get('error');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (providerError !== null) return;
    let active = true;
    exchangeLoginReturn(search).then(
      (token) => {
        if (!active) return;
        startSession(token);
        navigate(destination(token.returnTo), { replace: true });
        toast.success('Du har blitt logget inn');
      },
      (error: unknown) => {
        if (active) setFailure(tokenErrorMessage(error));
      },
    );
    return () => {
      active = false;
    };
  }, [search, providerError, navigate]);

  const message = providerError !== null ? loginErrorMessage(providerError) : failure;
  return (
    <Container className="py-16 sm:py-24">
      {message ? (
        <LoginFailed message={message} />
      ) : (
        <div role="status" className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
          <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-sea-200 border-t-sea-800" />
          <h1 className="text-2xl font-bold text-sea-900">Vennligst vent...</h1>
        </div>
      )}
    </Container>
  );
}
