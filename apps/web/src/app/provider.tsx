import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DialogHost } from '@/components/ui/dialog-host';
import { Toaster } from '@/components/ui/toast';
import { queryClient } from '@/lib/query-client';
import { SessionWatcher } from './session-watcher';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatcher />
      {children}
      <Toaster />
      <DialogHost />
    </QueryClientProvider>
  );
}
