import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/faqs */
export const getFaqs = (signal?: AbortSignal) => api<Faq[]>('/faqs', { signal });

export const faqsKeys = { all: () => [...queryRoots.content, 'faqs'] as const };

export const faqsQueryOptions = () => queryOptions({ queryKey: faqsKeys.all(), queryFn: ({ signal }) => getFaqs(signal) });

export const useFaqs = () => useQuery(faqsQueryOptions());
