import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/users/{userId}: one's own user (or any, for an admin). */
export const deleteUser = (id: string) => api<{ ok: true }>(`/users/${id}`, { method: 'DELETE' });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
