import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '@shared/api';
import { api } from '@/lib/api-client';

export const faqKeys = { all: ['faqs'] as const };

/** GET /api/faqs */
export const getFaqs = (signal?: AbortSignal) => api<Faq[]>('/faqs', { signal });

export const faqsQueryOptions = () => queryOptions({ queryKey: faqKeys.all, queryFn: ({ signal }) => getFaqs(signal) });

export const useFaqs = () => useQuery(faqsQueryOptions());
