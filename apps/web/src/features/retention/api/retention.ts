import { useMutation, useQuery } from '@tanstack/react-query';
import type { KeepAccountLink, RetentionPlan, RetentionRuns } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const retentionKeys = {
  plan: () => [...queryRoots.private, 'admin', 'retention', 'plan'] as const,
  runs: () => [...queryRoots.private, 'admin', 'retention', 'runs'] as const,
  keepLink: () => ['retention', 'keep-link'] as const,
};

/** GET /api/admin/retention/plan (admin): what the next run would delete and whom it would warn (a dry run). */
export const getRetentionPlan = (signal?: AbortSignal) => api<RetentionPlan>('/admin/retention/plan', { signal });
export const useRetentionPlan = () => useQuery({ queryKey: retentionKeys.plan(), queryFn: ({ signal }) => getRetentionPlan(signal), staleTime: 0 });

/** GET /api/admin/retention/runs (admin): each run's counts, newest first. */
export const getRetentionRuns = (signal?: AbortSignal) => api<RetentionRuns>('/admin/retention/runs', { signal });
export const useRetentionRuns = () => useQuery({ queryKey: retentionKeys.runs(), queryFn: ({ signal }) => getRetentionRuns(signal), staleTime: 0 });

/** POST /api/retention/keep/open {secret}: whose account the e-mailed link keeps (the secret in the body, never a URL). */
export const openKeepLink = (secret: string, signal?: AbortSignal) => api<KeepAccountLink>('/retention/keep/open', { method: 'POST', body: { secret }, signal });
export const useKeepLink = (secret: string | null) =>
  useQuery({ queryKey: retentionKeys.keepLink(), queryFn: ({ signal }) => openKeepLink(secret ?? '', signal), enabled: !!secret, retry: false, gcTime: 0 });

/** POST /api/retention/keep {secret}: the one tap that keeps the account. */
export const keepAccount = (secret: string) => api<{ ok: true }>('/retention/keep', { method: 'POST', body: { secret } });
export const useKeepAccount = () => useMutation({ mutationFn: keepAccount });
