import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingRoomLive, WaitingRoomPosition } from '@shared/api/waiting-room';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** Enrolment night's waiting room (issue 37, decision 041). */
const base = (courseId: string) => `/queue/courses/${encodeURIComponent(courseId)}`;

export const waitingRoomKeys = {
  all: [PRIVATE_KEY, 'queue'] as const,
  position: (courseId: string) => [...waitingRoomKeys.all, 'position', courseId] as const,
  live: [PRIVATE_KEY, 'queue', 'live'] as const,
};

/** GET position: polled at the pace the answer sets (retryAfterMs); always a background request (no activity). */
export const positionQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: waitingRoomKeys.position(courseId),
    queryFn: ({ signal }) => api<WaitingRoomPosition>(`${base(courseId)}/position`, { signal, background: true }),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return 5_000;
      return data.retryAfterMs;
    },
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const usePosition = (courseId: string | null) => useQuery({ ...positionQueryOptions(courseId ?? ''), enabled: !!courseId });

export function useJoinWaitingRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api<WaitingRoomPosition>(`${base(courseId)}/ticket`, { method: 'POST', body: {} }),
    onSuccess: (answer, courseId) => client.setQueryData(waitingRoomKeys.position(courseId), answer),
  });
}

export function useLeaveWaitingRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api<WaitingRoomPosition>(`${base(courseId)}/ticket`, { method: 'DELETE' }),
    onSuccess: (answer, courseId) => client.setQueryData(waitingRoomKeys.position(courseId), answer),
  });
}

/** GET /queue/live (admin): refreshed every 3 s in the background (no activity of the admin's). */
export const useWaitingRoomLive = () =>
  useQuery({
    queryKey: waitingRoomKeys.live,
    queryFn: ({ signal, client }) => api<WaitingRoomLive>('/queue/live', { signal, background: client.getQueryData(waitingRoomKeys.live) !== undefined }),
    refetchInterval: 3_000,
    retry: false,
  });
