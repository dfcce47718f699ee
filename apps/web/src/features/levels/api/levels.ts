import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Level } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

export const levelKeys = { all: () => queryRoots.levels };

/** GET /api/levels (signed in): the ladder, bottom first, retired levels and skills included. */
export const levelsQueryOptions = () => queryOptions({ queryKey: levelKeys.all(), queryFn: ({ signal }) => api<Level[]>('/levels', { signal }) });
export const useLevels = () => useQuery(levelsQueryOptions());

export type LadderChange =
  | { kind: 'add-level'; name: string }
  | { kind: 'level'; id: string; name?: string; retired?: boolean }
  | { kind: 'delete-level'; id: string }
  | { kind: 'order-levels'; ids: string[] }
  | { kind: 'add-skill'; levelId: string; description: string }
  | { kind: 'skill'; id: string; description?: string; retired?: boolean }
  | { kind: 'delete-skill'; id: string }
  | { kind: 'order-skills'; levelId: string; ids: string[] };

const at = (id: string) => encodeURIComponent(id);

/** Every admin change of the ladder (decision 057); afterwards the ladder refetches. */
function changeLadder(change: LadderChange): Promise<unknown> {
  switch (change.kind) {
    case 'add-level':
      return api('/levels', { method: 'POST', body: { name: change.name } });
    case 'level': {
      const { id, kind: _, ...body } = change;
      return api(`/levels/${at(id)}`, { method: 'PATCH', body });
    }
    case 'delete-level':
      return api(`/levels/${at(change.id)}`, { method: 'DELETE' });
    case 'order-levels':
      return api('/levels/order', { method: 'PUT', body: { ids: change.ids } });
    case 'add-skill':
      return api(`/levels/${at(change.levelId)}/skills`, { method: 'POST', body: { description: change.description } });
    case 'skill': {
      const { id, kind: _, ...body } = change;
      return api(`/skills/${at(id)}`, { method: 'PATCH', body });
    }
    case 'delete-skill':
      return api(`/skills/${at(change.id)}`, { method: 'DELETE' });
    case 'order-skills':
      return api(`/levels/${at(change.levelId)}/skills/order`, { method: 'PUT', body: { ids: change.ids } });
  }
}

export const useChangeLadder = () => useRefreshingMutation(changeLadder, [levelKeys.all()]);
