import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/invites/{id}/undo: the owner undoes an accepted invite; the person who joined leaves the family. */
export const undoInvite = (id: string) => api<Invite>(`/invites/${id}/undo`, { method: 'POST' });

export function useUndoInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.private }) });
}
