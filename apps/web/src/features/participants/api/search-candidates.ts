import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantCandidates } from '@shared/course-admin';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/courses/:id/participants/candidates?name=: children to add to the course, found by name (admin). */
export const searchCandidates = (courseId: string, name: string, signal?: AbortSignal) =>
  api<ParticipantCandidates>(`/courses/${encodeURIComponent(courseId)}/participants/candidates`, { query: { name }, signal });

export const candidateKeys = {
  search: (courseId: string, name: string) => [PRIVATE_KEY, 'participant-candidates', courseId, name] as const,
};

export const candidatesQueryOptions = (courseId: string, name: string) =>
  queryOptions({ queryKey: candidateKeys.search(courseId, name), queryFn: ({ signal }) => searchCandidates(courseId, name, signal) });

/** Runs once `name` is long enough (`enabled`); the last answer stays while the next is on its way. */
export const useCandidates = (courseId: string, name: string, enabled: boolean) =>
  useQuery({ ...candidatesQueryOptions(courseId, name), enabled, placeholderData: keepPreviousData });
