import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myWaitlistKeys } from './get-my-waitlist';

/** DELETE /api/waitlist/:id: take the child off the list (a held offer passes on). */
export const leaveWaitlist = (entryId: string) => api<{ ok: true }>(`/waitlist/${encodeURIComponent(entryId)}`, { method: 'DELETE' });

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveWaitlist, onSettled: () => queryClient.invalidateQueries({ queryKey: myWaitlistKeys.all() }) });
}
