import { courseDisplayName } from '@app/shared';

/** The course's name wherever a family reads it by e-mail or on /profil (courseDisplayName, or the bare name without a level). */
export const courseLabel = (course: { name: string; experienceLevel: string; participantsAge: string; dates: readonly Date[]; timeFrom: string }) =>
  course.experienceLevel.trim() ? courseDisplayName(course) : course.name.trim() || 'Kurs';
