import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { createContext, type LoaderFunctionArgs } from 'react-router';
import { api, type Read } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** Where a route loader reads its page's data: the app's QueryClient and HTTP, or on the server in-process (decision 018). */
export interface PageData {
  queryClient: QueryClient;
  read: Read;
}

export const pageData = createContext<PageData>({ queryClient, read: api });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, whatever its data
type Queries = Array<(read: Read) => FetchQueryOptions<any, any, any, any>>;

/** A route loader that asks for its page's queries side by side; a failed read is left to the page. */
export const preloading =
  (...queries: Queries) =>
  async ({ context }: LoaderFunctionArgs): Promise<null> => {
    const { queryClient, read } = context.get(pageData);
    await Promise.all(queries.map((options) => queryClient.prefetchQuery(options(read))));
    return null;
  };
