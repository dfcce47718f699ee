import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersByRegistrationDate } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

export const registrationKeys = {
  byDate: (startDate: string, endDate: string) => [PRIVATE_KEY, 'users', 'by-registration-date', startDate, endDate] as const,
};

/** GET /api/users/by-registration-date (admin): full ISO timestamps with milliseconds. */
export const getUsersByRegistrationDate = (startDate: string, endDate: string, signal?: AbortSignal) =>
  api<UsersByRegistrationDate>('/users/by-registration-date', { query: { startDate, endDate }, signal });

export const usersByRegistrationDateQueryOptions = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: registrationKeys.byDate(startDate, endDate),
    queryFn: ({ signal }) => getUsersByRegistrationDate(startDate, endDate, signal),
  });

export const useUsersByRegistrationDate = (query: { startDate: string; endDate: string } | null) =>
  useQuery({
    ...usersByRegistrationDateQueryOptions(query?.startDate ?? '', query?.endDate ?? ''),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
