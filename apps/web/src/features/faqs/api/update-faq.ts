import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Faq, FaqPatch } from '@shared/api';
import { api } from '@/lib/api-client';
import { faqsKeys } from './get-faqs';

/** PATCH /api/faqs/{id} (admin) */
export const updateFaq = ({ id, ...patch }: FaqPatch & { id: string }) =>
  api<Faq>(`/faqs/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFaq, onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsKeys.all() }) });
}
