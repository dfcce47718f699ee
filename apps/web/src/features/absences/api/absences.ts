import { useQuery } from '@tanstack/react-query';
import type { AbsenceInput, AbsenceReported, CourseAbsences, CourseAbsenceSettings, FamilyAbsences, GiveTokenInput, MakeupInput, MakeupOption, MakeupToken } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** Issue 58 (decision 061): 'Meld fravær', make-up tokens and make-up dates. */
export const absencesKeys = {
  all: () => [...queryRoots.private, 'absences'] as const,
  family: (profileId: string) => [...queryRoots.private, 'absences', 'family', profileId] as const,
  /** Outside `all`: a booked token's options are not read again (it is spent: 409), the page goes back to /profil. */
  options: (tokenId: string) => [...queryRoots.private, 'makeup-options', tokenId] as const,
  course: (courseId: string) => [...queryRoots.private, 'absences', 'course', courseId] as const,
};
/** What an absence or a make-up changes: the family's view, the options, and the course lists (changes). */
const refreshed = [absencesKeys.all(), queryRoots.changes];
const id = encodeURIComponent;

export const useFamilyAbsences = (profileId: string) =>
  useQuery({ queryKey: absencesKeys.family(profileId), queryFn: ({ signal }) => api<FamilyAbsences>(`/profiles/${id(profileId)}/absences`, { signal }) });

export const useReportAbsence = () =>
  useRefreshingMutation(({ childId, input }: { childId: string; input: AbsenceInput }) => api<AbsenceReported>(`/children/${id(childId)}/absences`, { method: 'POST', body: input }), refreshed);
export const useUndoAbsence = () => useRefreshingMutation((absenceId: string) => api<{ _id: string }>(`/absences/${id(absenceId)}`, { method: 'DELETE' }), refreshed);

export const useMakeupOptions = (tokenId: string) =>
  useQuery({ queryKey: absencesKeys.options(tokenId), queryFn: ({ signal }) => api<MakeupOption[]>(`/tokens/${id(tokenId)}/makeup-options`, { signal }), retry: false });
export const useBookMakeup = () =>
  useRefreshingMutation(({ tokenId, input }: { tokenId: string; input: MakeupInput }) => api<MakeupToken>(`/tokens/${id(tokenId)}/makeups`, { method: 'POST', body: input }), refreshed);
export const useCancelMakeup = () => useRefreshingMutation((makeupId: string) => api<MakeupToken>(`/makeups/${id(makeupId)}`, { method: 'DELETE' }), refreshed);

// ---- the school's controls (admins) ----
export const useCourseAbsences = (courseId: string | null) =>
  useQuery({ queryKey: absencesKeys.course(courseId ?? ''), queryFn: ({ signal }) => api<CourseAbsences>(`/courses/${id(courseId!)}/absences`, { signal }), enabled: !!courseId });
export const useSetCourseAbsenceSettings = () =>
  useRefreshingMutation(({ courseId, input }: { courseId: string; input: CourseAbsenceSettings }) => api<CourseAbsences>(`/courses/${id(courseId)}/absence-settings`, { method: 'PUT', body: input }), refreshed);
export const useGiveToken = () =>
  useRefreshingMutation(({ childId, input }: { childId: string; input: GiveTokenInput }) => api<MakeupToken>(`/children/${id(childId)}/tokens`, { method: 'POST', body: input }), refreshed);
export const useWithdrawToken = () => useRefreshingMutation((tokenId: string) => api<MakeupToken>(`/tokens/${id(tokenId)}`, { method: 'DELETE' }), refreshed);
