import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { faqsKeys } from './get-faqs';

/** DELETE /api/faqs/{id} (admin) */
export const deleteFaq = (id: string) => api<null>(`/faqs/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsKeys.all() }) });
}
