import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdatedPerson, UsersByRegistrationDate } from '@shared/api';
import type { AdminUser, CourseHistoryItem, OwnData, UserSearchResult } from '@shared/api/users';
import { DASHBOARD_LAST_LOGGED_IN_LIMIT, LAST_LOGGED_IN_REFRESH_MS, type Role, type UserSearchCategory } from '@shared/constants';
import { api, isApiError, type Read } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';
import { PRIVATE_KEY } from '@/lib/current-user';

const userProfilesKeys = { of: (userId: string) => [...queryRoots.family, 'of-user', userId] as const };

/** GET /api/profiles?pId={userId}: a user's families, while the admin's delete dialog is open (`enabled`). */
export const useUserProfiles = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: userProfilesKeys.of(userId),
    queryFn: ({ signal }) => api<Profile[]>('/profiles', { query: { pId: userId }, signal }),
    retry: false,
    enabled,
  });

/** DELETE /api/users/{userId}: one's own user (or any, for an admin). */
export const deleteUser = (id: string) => api<{ ok: true }>(`/users/${id}`, { method: 'DELETE' });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });

/** An admin deletes a user: the admin's lists are fetched again, except the deleted user's families (now 404). */
export function useAdminDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      const gone = userProfilesKeys.of(id);
      return queryClient.invalidateQueries({
        queryKey: queryRoots.private,
        predicate: (query) => !gone.every((part, i) => query.queryKey[i] === part),
      });
    },
  });
}

const courseHistoryKeys = { of: (childIds: readonly string[]) => [...queryRoots.courseHistory, [...childIds].sort().join(',')] as const };

/** GET /api/users/courses?cIds=a,b: each child's courses with status (Påmeldt/Pågår/Fullført) and free places. */
export const courseHistoryQueryOptions = (childIds: readonly string[]) =>
  queryOptions({
    queryKey: courseHistoryKeys.of(childIds),
    queryFn: ({ signal }) => api<CourseHistoryItem[]>('/users/courses', { query: { cIds: childIds.join(',') }, signal }),
    enabled: childIds.length > 0,
  });

export const useCourseHistory = (childIds: readonly string[]) => useQuery(courseHistoryQueryOptions(childIds));

const instructorsKeys = { all: () => [...queryRoots.users, 'instructors'] as const };

/** GET /api/users/instructors: public list of id and name. */
export const instructorsQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: instructorsKeys.all(), queryFn: ({ signal }) => read<{ id: string; name: string }[]>('/users/instructors', { signal }) });

/** `enabled: false` until needed: the course page asks only for an admin (its course form). */
export const useInstructors = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...instructorsQueryOptions(), enabled });

const lastLoggedInKeys = { list: (limit: number) => [PRIVATE_KEY, 'admin', 'last-logged-in', limit] as const };

/** GET /api/users/last-logged-in (admin): the latest logins, newest first. */
export const useLastLoggedIn = (limit = DASHBOARD_LAST_LOGGED_IN_LIMIT) =>
  useQuery({
    queryKey: lastLoggedInKeys.list(limit),
    // The minute's refreshes are background requests: the dashboard left open does not keep the admin signed in.
    queryFn: ({ signal, client, queryKey }) => {
      const background = client.getQueryData(queryKey) !== undefined;
      return api<AdminUser[]>('/users/last-logged-in', { query: { limit }, signal, background });
    },
    // Spec §9: refreshed every minute. A 403 is not retried (the web then shows nothing).
    refetchInterval: LAST_LOGGED_IN_REFRESH_MS,
    retry: false,
  });

/** GET /api/users/me/data: everything the site keeps about the user and their families, as JSON. */
export const useOwnData = () => useMutation({ mutationFn: () => api<OwnData>('/users/me/data') });

const registrationKeys = {
  byDate: (startDate: string, endDate: string) => [PRIVATE_KEY, 'users', 'by-registration-date', startDate, endDate] as const,
};

/** GET /api/users/by-registration-date (admin): full ISO timestamps with milliseconds. */
export const useUsersByRegistrationDate = (query: { startDate: string; endDate: string } | null) =>
  useQuery({
    queryKey: registrationKeys.byDate(query?.startDate ?? '', query?.endDate ?? ''),
    queryFn: ({ signal }) =>
      api<UsersByRegistrationDate>('/users/by-registration-date', { query: { ...query }, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/search/users (admin). The spec's 404 (no users) becomes an empty result. */
export async function searchUsers(name: string, categories: readonly UserSearchCategory[], signal?: AbortSignal): Promise<UserSearchResult> {
  try {
    return await api<UserSearchResult>('/search/users', { query: { name, categories: categories.join(',') }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { total: 0, users: [] };
    throw error;
  }
}

const searchUsersKeys = {
  search: (name: string, categories: readonly UserSearchCategory[]) =>
    [PRIVATE_KEY, 'admin', 'search-users', name, [...categories].sort().join(',')] as const,
};

export const useSearchUsers = (name: string, categories: readonly UserSearchCategory[], enabled: boolean) =>
  useQuery({
    queryKey: searchUsersKeys.search(name, categories),
    queryFn: ({ signal }) => searchUsers(name, categories, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** PATCH /api/users/{id} {roles} (admin): the whole list of roles; every list under the private root is fetched again. */
export const useUpdateUserRoles = () =>
  useRefreshingMutation(
    ({ userId, roles }: { userId: string; roles: Role[] }) =>
      api<UpdatedPerson>(`/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { roles } }),
    [queryRoots.private],
  );
