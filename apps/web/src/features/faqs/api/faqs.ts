import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Faq, FaqInput, FaqPatch } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

export const faqsKeys = { all: () => [...queryRoots.content, 'faqs'] as const };

/** GET /api/faqs */
export const faqsQueryOptions = (read: Read = api) => queryOptions({ queryKey: faqsKeys.all(), queryFn: ({ signal }) => read<Faq[]>('/faqs', { signal }) });

export const useFaqs = () => useQuery(faqsQueryOptions());

/** POST /api/faqs (admin) */
export const useCreateFaq = () =>
  useRefreshingMutation((input: FaqInput) => api<Faq>('/faqs', { method: 'POST', body: input }), [faqsKeys.all()]);

/** DELETE /api/faqs/{id} (admin) */
export const useDeleteFaq = () =>
  useRefreshingMutation((id: string) => api<null>(`/faqs/${encodeURIComponent(id)}`, { method: 'DELETE' }), [faqsKeys.all()]);

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

/** PATCH /api/faqs/{id} (admin) */
export const updateFaq = ({ id, ...patch }: FaqPatch & { id: string }) =>
  api<Faq>(`/faqs/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });

export const useUpdateFaq = () => useRefreshingMutation(updateFaq, [faqsKeys.all()]);
