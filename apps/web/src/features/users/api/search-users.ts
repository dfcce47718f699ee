import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSearchResult } from '@shared/api/users';
import type { UserSearchCategory } from '@shared/constants';
import { api, isApiError } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/search/users (admin). The spec's 404 (no users) becomes an empty result. */
export async function searchUsers(name: string, categories: readonly UserSearchCategory[], signal?: AbortSignal): Promise<UserSearchResult> {
  try {
    return await api<UserSearchResult>('/search/users', { query: { name, categories: categories.join(',') }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { total: 0, users: [] };
    throw error;
  }
}

export const searchUsersKeys = {
  all: [PRIVATE_KEY, 'admin', 'search-users'] as const,
  search: (name: string, categories: readonly UserSearchCategory[]) => [...searchUsersKeys.all, name, [...categories].sort().join(',')] as const,
};

export const searchUsersQueryOptions = (name: string, categories: readonly UserSearchCategory[]) =>
  queryOptions({
    queryKey: searchUsersKeys.search(name, categories),
    queryFn: ({ signal }) => searchUsers(name, categories, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchUsers = (name: string, categories: readonly UserSearchCategory[], enabled: boolean) =>
  useQuery({ ...searchUsersQueryOptions(name, categories), enabled });
