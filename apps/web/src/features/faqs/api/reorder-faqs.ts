import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Faq } from '@shared/api';
import { api } from '@/lib/api-client';
import { faqsKeys } from './get-faqs';

/** PUT /api/faqs/order (admin): every id once, in the new order; answers the list as now stored. */
export const reorderFaqs = (ids: string[]) => api<Faq[]>('/faqs/order', { method: 'PUT', body: { ids } });

export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderFaqs,
    // Show the new order at once; the server's answer (or a refetch after a failure) settles it.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: faqsKeys.all() });
      const previous = queryClient.getQueryData<Faq[]>(faqsKeys.all());
      if (previous) {
        const byId = new Map(previous.map((f) => [f._id, f]));
        queryClient.setQueryData(faqsKeys.all(), ids.map((id) => byId.get(id)).filter((f): f is Faq => !!f));
      }
      return { previous };
    },
    onSuccess: (list) => queryClient.setQueryData(faqsKeys.all(), list),
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(faqsKeys.all(), context.previous);
      void queryClient.invalidateQueries({ queryKey: faqsKeys.all() });
    },
  });
}
