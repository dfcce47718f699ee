import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** The browser has one (below); the server renders each request with a new one (entry-server.tsx). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; network hiccups and 5xx get one more try.
        retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });

export const queryClient = createQueryClient();
