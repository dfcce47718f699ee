import { useQuery } from '@tanstack/react-query';
import type { DiscountCode, DiscountCodeInput, DiscountCodePatch } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY, useRefreshingMutation } from '@/lib/query-keys';

/** Discount codes (decision 058): the admin's list at /admin/rabattkoder; every write answers the new list. */
export const discountCodesKeys = { all: () => [PRIVATE_KEY, 'discount-codes'] as const };

export const useDiscountCodes = () => useQuery({ queryKey: discountCodesKeys.all(), queryFn: ({ signal }) => api<DiscountCode[]>('/discount-codes', { signal }) });

export const useCreateDiscountCode = () =>
  useRefreshingMutation((input: DiscountCodeInput) => api<DiscountCode[]>('/discount-codes', { method: 'POST', body: input }), [discountCodesKeys.all()]);

export const useUpdateDiscountCode = () =>
  useRefreshingMutation(
    ({ id, ...patch }: DiscountCodePatch & { id: string }) => api<DiscountCode[]>(`/discount-codes/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    [discountCodesKeys.all()],
  );

export const useDeleteDiscountCode = () =>
  useRefreshingMutation((id: string) => api<null>(`/discount-codes/${encodeURIComponent(id)}`, { method: 'DELETE' }), [discountCodesKeys.all()]);
