import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DialogHost } from '@/components/ui/dialog-host';
import { Toaster } from '@/components/ui/toast';
import { queryClient } from '@/lib/query-client';
import { SessionWatcher } from './session-watcher';

/** `client`: the server renders each request with its own QueryClient; the browser uses the one of lib/query-client. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SessionWatcher />
      {children}
      <Toaster />
      <DialogHost />
    </QueryClientProvider>
  );
}
