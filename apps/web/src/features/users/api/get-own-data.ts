import { useMutation } from '@tanstack/react-query';
import type { OwnData } from '@shared/api/users';
import { api } from '@/lib/api-client';

/** GET /api/users/me/data: everything the site keeps about the user and their families, as JSON. */
export const getOwnData = () => api<OwnData>('/users/me/data');

export const useOwnData = () => useMutation({ mutationFn: getOwnData });
