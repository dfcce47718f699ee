import type { AttendanceInput, AttendanceMark } from '@shared/course-admin';
import { api } from '@/lib/api-client';

/** POST /api/courses/:id/attendance {marks}: idempotent on the server (one mark per child and date, latest tap wins). */
export const recordAttendance = (courseId: string, marks: AttendanceInput['marks']) =>
  api<{ marks: AttendanceMark[] }>(`/courses/${encodeURIComponent(courseId)}/attendance`, { method: 'POST', body: { marks } });
