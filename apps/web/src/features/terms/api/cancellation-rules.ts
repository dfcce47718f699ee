import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationRules, CancellationRulesVersion } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

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
