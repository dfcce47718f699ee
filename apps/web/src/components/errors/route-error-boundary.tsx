import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RootLayout } from '@/components/layout/root-layout';
import { isApiError } from '@/lib/api-client';
import { Forbidden, NotFound, Unauthorized, UnknownError } from './error-view';

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.status;
  return undefined;
}

/** Router errorElement: picks the spec's error view by status, inside the normal page frame. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = statusOf(error);
  if (status === undefined) console.error(error);
  const view =
    status === 404 ? <NotFound /> : status === 401 ? <Unauthorized /> : status === 403 ? <Forbidden /> : <UnknownError />;
  return <RootLayout>{view}</RootLayout>;
}
