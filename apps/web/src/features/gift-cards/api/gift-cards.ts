import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import type { GiftCardPurchaseInput, GiftCardPurchaseResponse, GiftCardRedeemResponse, GiftCardStatus } from '@shared/api';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-keys';

/** Gift cards (decision 059): bought by anyone, shown once on the buying browser's return page, redeemed on /profil. */
export const giftCardKeys = {
  status: (reference: string) => ['gift-cards', 'status', reference] as const,
};

/** Where the buying browser keeps the code until its return page has shown it (this tab only). */
export const codeStorageKey = (reference: string) => `gavekort:${reference}`;

/** POST /api/gift-cards → {redirectUrl, reference, code}. */
export const usePurchaseGiftCard = () =>
  useMutation({ mutationFn: (input: GiftCardPurchaseInput) => api<GiftCardPurchaseResponse>('/gift-cards', { method: 'POST', body: input }) });

const POLL_MS = 2_000;

/** POST /api/gift-cards/status {reference, code}: polled while the payment is pending. */
export const useGiftCardStatus = (reference: string, code: string | null) =>
  useQuery({
    queryKey: giftCardKeys.status(reference),
    enabled: code !== null,
    queryFn: ({ signal, client, queryKey }) =>
      api<GiftCardStatus>('/gift-cards/status', { method: 'POST', body: { reference, code }, signal, background: client.getQueryData(queryKey) !== undefined }),
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false),
  });

/** POST /api/profiles/:id/gift-cards {code}: the card's value becomes the family's credit (`refresh`: the credit's keys). */
export const useRedeemGiftCard = (profileId: string, refresh: readonly QueryKey[]) =>
  useRefreshingMutation(
    (code: string) => api<GiftCardRedeemResponse>(`/profiles/${encodeURIComponent(profileId)}/gift-cards`, { method: 'POST', body: { code } }),
    refresh,
  );
