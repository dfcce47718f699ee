import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** The roots of every query key; a root more than one feature uses lives here, since features never import each other. */
export const PRIVATE_KEY = 'me';

export const queryRoots = {
  /** Everything that belongs to the logged-in user: the session watcher drops it all when the session changes. */
  private: [PRIVATE_KEY] as const,
  /** The caller's families: profiles, guardians, children and their courses. Whatever changes one invalidates this. */
  family: [PRIVATE_KEY, 'profiles'] as const,
  /** The children's course history (profile page); deleting a child drops the entries asked for with its id. */
  courseHistory: [PRIVATE_KEY, 'profiles', 'history'] as const,
  /** Public course lists. A booking (free places) or a course change invalidates them. */
  courses: ['courses'] as const,
  /** The ladder of levels and skills (decision 057): the admin's page, the course form, the grid and 'Fremgang' read it. */
  levels: [PRIVATE_KEY, 'levels'] as const,
  /** Cancelled dates, make-ups and absences on a course (issue 38, decision 061): an absence or a make-up invalidates them. */
  changes: [PRIVATE_KEY, 'changes'] as const,
  places: ['places'] as const,
  content: ['content'] as const,
  users: ['users'] as const,
  config: ['config'] as const,
};

/** A mutation that refetches the queries under `keys` on success ('settled': also on failure) before it settles. */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  keys: readonly QueryKey[],
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({ mutationFn, ...(when === 'success' ? { onSuccess: refresh } : { onSettled: refresh }) });
}
