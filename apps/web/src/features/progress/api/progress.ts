import { useQuery } from '@tanstack/react-query';
import type { ChildProgress, CourseProgress, CurrentMark, ProgressNoteInput, SkillMark } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { useRefreshingMutation } from '@/lib/query-keys';

export const progressKeys = {
  ofCourse: (courseId: string) => [PRIVATE_KEY, 'progress', 'course', courseId] as const,
  ofChild: (childId: string) => [PRIVATE_KEY, 'progress', 'child', childId] as const,
};
const at = encodeURIComponent;

/** GET /api/courses/:id/progress: the grid 'Ferdigheter' (the course's instructors and admins). */
export const useCourseProgress = (courseId: string) =>
  useQuery({ queryKey: progressKeys.ofCourse(courseId), queryFn: ({ signal }) => api<CourseProgress>(`/courses/${at(courseId)}/progress`, { signal }) });

/** POST /api/courses/:id/skill-marks: a batch of the offline queue (all or nothing; a refusal names the mark). */
export const recordSkillMarks = (courseId: string, marks: SkillMark[]) =>
  api<{ marks: CurrentMark[] }>(`/courses/${at(courseId)}/skill-marks`, { method: 'POST', body: { marks } });

/** PUT /api/courses/:id/progress/:childId: 'Kommentar til foreldrene' and 'Anbefalt neste kurs'. */
export const useSaveProgressNote = (courseId: string) =>
  useRefreshingMutation(
    ({ childId, ...body }: ProgressNoteInput & { childId: string }) => api(`/courses/${at(courseId)}/progress/${at(childId)}`, { method: 'PUT', body }),
    [progressKeys.ofCourse(courseId)],
  );

/** GET /api/children/:id/progress: 'Fremgang' on /profil. */
export const useChildProgress = (childId: string) =>
  useQuery({ queryKey: progressKeys.ofChild(childId), queryFn: ({ signal }) => api<ChildProgress>(`/children/${at(childId)}/progress`, { signal }) });

/** GET /api/children/:id/courses/:courseId/certificate: 'Kursbevis' as a PDF. */
export const getCertificate = (childId: string, courseId: string) => api<Blob>(`/children/${at(childId)}/courses/${at(courseId)}/certificate`, { responseType: 'blob' });
