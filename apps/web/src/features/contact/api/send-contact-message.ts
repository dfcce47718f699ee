import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@shared/api';
import { api } from '@/lib/api-client';

/** POST /api/contact {name, email, message} → {ok: true}; 429 CONTACT_RATE_LIMITED when sent too often. */
export const useSendContactMessage = () =>
  useMutation({ mutationFn: (input: ContactInput) => api<{ ok: true }>('/contact', { method: 'POST', body: input }) });
