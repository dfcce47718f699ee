import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWaitlistEntry } from '@shared/api';
import { api } from '@/lib/api-client';
import { myWaitlistKeys } from './get-my-waitlist';

/** POST /api/courses/:id/waitlist {childId}: put a child on a full course's waitlist. */
export const joinWaitlist = ({ courseId, childId }: { courseId: string; childId: string }) =>
  api<MyWaitlistEntry>(`/courses/${encodeURIComponent(courseId)}/waitlist`, { method: 'POST', body: { childId } });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinWaitlist, onSettled: () => queryClient.invalidateQueries({ queryKey: myWaitlistKeys.all() }) });
}
