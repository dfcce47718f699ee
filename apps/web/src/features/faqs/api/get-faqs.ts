import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '@shared/api';
import { api } from '@/lib/api-client';

/** GET /api/faqs */
export const getFaqs = (signal?: AbortSignal) => api<Faq[]>('/faqs', { signal });

export const faqsQueryOptions = () => queryOptions({ queryKey: ['faqs'], queryFn: ({ signal }) => getFaqs(signal) });

export const useFaqs = () => useQuery(faqsQueryOptions());
