import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Faq, FaqInput } from '@shared/api';
import { api } from '@/lib/api-client';
import { faqsKeys } from './get-faqs';

/** POST /api/faqs (admin) */
export const createFaq = (input: FaqInput) => api<Faq>('/faqs', { method: 'POST', body: input });

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFaq, onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsKeys.all() }) });
}
