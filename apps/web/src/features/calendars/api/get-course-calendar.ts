import { useMutation } from '@tanstack/react-query';
import type { CalendarInput } from '@shared/api';
import { api } from '@/lib/api-client';

/** POST /api/calendars {userId, courseId} → the course's dates as iCalendar text. */
export const useCourseCalendar = () =>
  useMutation({ mutationFn: (input: CalendarInput) => api<string>('/calendars', { method: 'POST', body: input, responseType: 'text' }) });
