import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildCare, ChildCareInput, HealthNoteReads } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

const careKeys = {
  ofChild: (childId: string) => [PRIVATE_KEY, 'care', childId] as const,
  reads: (childId: string) => [PRIVATE_KEY, 'care', childId, 'reads'] as const,
};

/** GET /api/children/:id/care, never cached after the dialog closes (special category data; an admin's read is logged). */
export const useChildCare = (childId: string | undefined) =>
  useQuery({
    queryKey: careKeys.ofChild(childId ?? ''),
    queryFn: ({ signal }) => api<ChildCare>(`/children/${encodeURIComponent(childId ?? '')}/care`, { signal }),
    gcTime: 0,
    staleTime: 0,
    enabled: !!childId,
  });

/** GET /api/children/:id/health-note/reads: who outside the family read the note, newest first. */
export const useHealthNoteReads = (childId: string | undefined) =>
  useQuery({
    queryKey: careKeys.reads(childId ?? ''),
    queryFn: ({ signal }) => api<HealthNoteReads>(`/children/${encodeURIComponent(childId ?? '')}/health-note/reads`, { signal }),
    enabled: !!childId,
    gcTime: 0,
  });

/** PUT /api/children/:id/care. Without the consent the note is deleted at once. */
export function useSaveChildCare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, ...input }: ChildCareInput & { childId: string }) =>
      api<ChildCare>(`/children/${encodeURIComponent(childId)}/care`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(careKeys.ofChild(saved.childId), saved),
  });
}
