import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnySettingsVersion, SettingsOf, SettingsOverview, SettingsSlice } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY, useRefreshingMutation } from '@/lib/query-keys';

export const settingsKeys = { all: () => [PRIVATE_KEY, 'settings'] as const };

/** GET /api/settings (admin): every slice's versions, newest first (decision 054). */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all(), queryFn: ({ signal }) => api<SettingsOverview>('/settings', { signal }) });

export const useSettings = () => useQuery(settingsQueryOptions());

/** PUT /api/settings/{slice} (admin): the slice's whole value becomes its next version. */
export type SettingsChange = { [S in SettingsSlice]: { slice: S; value: SettingsOf<S> } }[SettingsSlice];
export const changeSettings = ({ slice, value }: SettingsChange) =>
  api<AnySettingsVersion>(`/settings/${slice}`, { method: 'PUT', body: value });

export const useChangeSettings = () => useRefreshingMutation(changeSettings, [settingsKeys.all()]);
