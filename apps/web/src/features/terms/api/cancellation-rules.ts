import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationRules, CancellationRulesVersion } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/cancellation-rules: the rules in force now (issue 40). */
export const getCancellationRules = (signal?: AbortSignal) => api<CancellationRulesVersion>('/cancellation-rules', { signal });

export const cancellationRulesKeys = { current: () => [...queryRoots.content, 'cancellation-rules'] as const };

export const cancellationRulesQueryOptions = () =>
  queryOptions({ queryKey: cancellationRulesKeys.current(), queryFn: ({ signal }) => getCancellationRules(signal) });

export const useCancellationRules = () => useQuery(cancellationRulesQueryOptions());

/** PUT /api/cancellation-rules (admin): a new version; orders keep the version they were bought under. */
export function useSaveCancellationRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: CancellationRules) => api<CancellationRulesVersion>('/cancellation-rules', { method: 'PUT', body: rules }),
    onSuccess: (saved) => queryClient.setQueryData(cancellationRulesKeys.current(), saved),
  });
}
