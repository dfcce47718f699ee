import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationRules, CancellationRulesVersion, Term, TermInput, TermPatch, TermVersionSummary } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

export const cancellationRulesKeys = { current: () => [...queryRoots.content, 'cancellation-rules'] as const };

/** GET /api/cancellation-rules: the rules in force now (issue 40). */
export const cancellationRulesQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: cancellationRulesKeys.current(), queryFn: ({ signal }) => read<CancellationRulesVersion>('/cancellation-rules', { signal }) });

export const useCancellationRules = () => useQuery(cancellationRulesQueryOptions());

/** PUT /api/cancellation-rules (admin): a new version; orders keep the version they were bought under. */
export function useSaveCancellationRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: CancellationRules) => api<CancellationRulesVersion>('/cancellation-rules', { method: 'PUT', body: rules }),
    onSuccess: (saved) => queryClient.setQueryData(cancellationRulesKeys.current(), saved),
  });
}

export const termsKeys = {
  all: () => [...queryRoots.content, 'terms'] as const,
  /** Admin data: under the private root, so it is dropped when the session changes. */
  versions: () => [...queryRoots.private, 'terms', 'versions'] as const,
};

/** GET /api/terms-and-conditions */
export const termsQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: termsKeys.all(), queryFn: ({ signal }) => read<Term[]>('/terms-and-conditions', { signal }) });

export const useTerms = () => useQuery(termsQueryOptions());

/** DELETE /api/terms-and-conditions/{id} (admin) */
export const deleteTerm = (id: string) => api<null>(`/terms-and-conditions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteTerm = () => useRefreshingMutation(deleteTerm, [termsKeys.all(), termsKeys.versions()]);

/** GET /api/terms-and-conditions/versions (admin): newest first. */
export const useTermVersions = (enabled: boolean) =>
  useQuery({
    queryKey: termsKeys.versions(),
    queryFn: ({ signal }) => api<TermVersionSummary[]>('/terms-and-conditions/versions', { signal }),
    enabled,
  });

/** Spec §4: save creates (empty id) or updates; every save makes a new version of the terms. */
export const useSaveTerm = () =>
  useRefreshingMutation(
    ({ id, ...values }: { id: string; category: string; text: string; priority: number }) =>
      id
        ? api<Term>(`/terms-and-conditions/${encodeURIComponent(id)}`, { method: 'PATCH', body: values satisfies TermPatch })
        : api<Term>('/terms-and-conditions', { method: 'POST', body: values satisfies TermInput }),
    [termsKeys.all(), termsKeys.versions()],
  );
