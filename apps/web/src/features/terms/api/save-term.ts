import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Term, TermInput, TermPatch } from '@shared/api';
import { api } from '@/lib/api-client';
import { termsKeys } from './get-terms';

/** POST /api/terms-and-conditions (admin): a term without id is created. */
export const createTerm = (input: TermInput) => api<Term>('/terms-and-conditions', { method: 'POST', body: input });

/** PATCH /api/terms-and-conditions/{id} (admin) */
export const updateTerm = ({ id, ...patch }: TermPatch & { id: string }) =>
  api<Term>(`/terms-and-conditions/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });

/** Spec §4: save creates (empty id) or updates. Every save makes a new version of the terms. */
export function useSaveTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: { id: string; category: string; text: string; priority: number }) =>
      id ? updateTerm({ id, ...values }) : createTerm(values),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: termsKeys.all() }), queryClient.invalidateQueries({ queryKey: termsKeys.versions() })]),
  });
}
