import { useMutation } from '@tanstack/react-query';
import type { SessionsEnded } from '@shared/api/sessions';
import { api } from '@/lib/api-client';

/** DELETE /api/users/me/sessions/current: logout on the server too, so the token is dead everywhere at once. */
export const endCurrentSession = () => api<SessionsEnded>('/users/me/sessions/current', { method: 'DELETE' });

/** DELETE /api/users/me/sessions: 'Logg ut overalt', every session of the caller, this one included. */
export const endAllSessions = () => api<SessionsEnded>('/users/me/sessions', { method: 'DELETE' });

export const useEndAllSessions = () => useMutation({ mutationFn: endAllSessions });
