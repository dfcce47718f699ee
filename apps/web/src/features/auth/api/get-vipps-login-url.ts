import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/vipps/login?returnTo=/path → {loginUrl}: where to send the browser to log in with Vipps. The server keeps
 * `returnTo` (a relative path) and hands it back after login.
 */
export const getVippsLoginUrl = (returnTo?: string) =>
  api<{ loginUrl: string }>('/vipps/login', { query: { returnTo } });

export const useVippsLogin = () => useMutation({ mutationFn: getVippsLoginUrl });
