import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** PATCH /api/profiles/{id} {parents}: the guardians the profile keeps (only removal). */
export const updateGuardians = ({ profileId, parents }: { profileId: string; parents: string[] }) =>
  api<Profile>(`/profiles/${profileId}`, { method: 'PATCH', body: { parents } });

export function useUpdateGuardians() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuardians,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRIVATE_KEY] }),
  });
}
