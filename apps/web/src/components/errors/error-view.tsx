import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { useDocumentTitle } from '@/lib/use-document-title';

function ErrorView({ code, title, message, children }: { code?: string; title: string; message: string; children?: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        {code ? (
          <p className="text-6xl font-black text-sea-600" aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold text-sea-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-muted">{message}</p>
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </Container>
  );
}

export function NotFound() {
  return (
    <ErrorView code="404" title="Ikke funnet" message="Vi kan dessverre ikke finne siden du leter etter">
      <ButtonLink to={paths.home}>Til forsiden</ButtonLink>
      <ButtonLink to={paths.courses} variant="secondary">
        Se kurssteder
      </ButtonLink>
    </ErrorView>
  );
}

/** 401: the login button keeps this address, so the user comes back here after Vipps. */
export function Unauthorized() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <ErrorView code="401" title="Ikke logget inn" message="Du må være logget inn for å se denne siden">
      <ButtonLink to={paths.loginFrom(here)}>
        Logg inn
      </ButtonLink>
    </ErrorView>
  );
}

export function Forbidden() {
  const navigate = useNavigate();
  // Back in the browser history; with nothing to go back to (a new tab), the front page.
  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.home);
  };
  return (
    <ErrorView code="403" title="Ingen tilgang" message="Du har ikke tilgang til å se denne siden">
      <Button variant="secondary" onClick={goBack}>
        Gå tilbake
      </Button>
      <ButtonLink to={paths.home}>Til forsiden</ButtonLink>
    </ErrorView>
  );
}

export function UnknownError() {
  return (
    <ErrorView title="Ukjent feil" message="Noe gikk galt">
      <ButtonLink to={paths.home}>Til forsiden</ButtonLink>
    </ErrorView>
  );
}
