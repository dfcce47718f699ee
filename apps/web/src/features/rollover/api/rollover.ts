import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRolloverOffer, Rollover, RolloverInput, RolloverPlan } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY, queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** 'Behold plassen' (decision 060). */
export const rolloverKeys = {
  all: () => [PRIVATE_KEY, 'rollovers'] as const,
  plan: (seasonId: string) => [PRIVATE_KEY, 'rollovers', 'plan', seasonId] as const,
  mine: () => [PRIVATE_KEY, 'rollover-offers'] as const,
};

/** GET /api/rollovers/plan?seasonId (admin): the ending courses and the suggested next course of each. */
export const useRolloverPlan = (seasonId: string) =>
  useQuery(
    queryOptions({
      queryKey: rolloverKeys.plan(seasonId),
      queryFn: ({ signal }) => api<RolloverPlan>(`/rollovers/plan?seasonId=${encodeURIComponent(seasonId)}`, { signal }),
      enabled: !!seasonId,
    }),
  );

/** GET /api/rollovers (admin), live: read again every 15 seconds. */
export const useRollovers = () =>
  useQuery(queryOptions({ queryKey: rolloverKeys.all(), queryFn: ({ signal }) => api<Rollover[]>('/rollovers', { signal }), refetchInterval: 15_000 }));

/** POST /api/rollovers (admin) */
export const useCreateRollover = () =>
  useRefreshingMutation((input: RolloverInput) => api<{ rollover: Rollover; notOffered: number }>('/rollovers', { method: 'POST', body: input }), [rolloverKeys.all()]);

/** GET /api/rollover-offers/mine: the family's open offers. */
export const useMyRolloverOffers = () =>
  useQuery(queryOptions({ queryKey: rolloverKeys.mine(), queryFn: ({ signal }) => api<MyRolloverOffer[]>('/rollover-offers/mine', { signal }) }));

/** POST /api/rollover-offers/{id}/decline ('Nei takk') */
export const useDeclineRollover = () =>
  useRefreshingMutation((id: string) => api<null>(`/rollover-offers/${encodeURIComponent(id)}/decline`, { method: 'POST' }), [rolloverKeys.mine(), queryRoots.courses]);
