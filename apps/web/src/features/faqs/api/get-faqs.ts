import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const faqsKeys = { all: () => [...queryRoots.content, 'faqs'] as const };

/** GET /api/faqs */
export const faqsQueryOptions = (read: Read = api) => queryOptions({ queryKey: faqsKeys.all(), queryFn: ({ signal }) => read<Faq[]>('/faqs', { signal }) });

export const useFaqs = () => useQuery(faqsQueryOptions());
