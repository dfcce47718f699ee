import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CancelDateInput, CancelledDates, ChooseInput, ClosureOverviewItem, CourseChanges, DateChoice, FamilyCredit, PlaceClosureInput, ReminderSetting } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** Issue 38: cancelled dates, the family's choices, reminders and the family calendar. */
export const changesKeys = {
  all: () => queryRoots.changes,
  mine: () => [...queryRoots.private, 'changes', 'mine'] as const,
  course: (courseId: string) => [...queryRoots.private, 'changes', 'course', courseId] as const,
  reminders: () => [...queryRoots.private, 'changes', 'reminders'] as const,
  feed: (profileId: string) => [...queryRoots.private, 'changes', 'feed', profileId] as const,
  link: () => ['changes', 'link'] as const,
  credit: (profileId: string) => [...queryRoots.private, 'changes', 'credit', profileId] as const,
  overview: () => [...queryRoots.private, 'changes', 'overview'] as const,
};

export const useMyChoices = () => useQuery({ queryKey: changesKeys.mine(), queryFn: ({ signal }) => api<DateChoice[]>('/changes/mine', { signal }) });

export const useCourseChanges = (courseId: string | undefined) =>
  useQuery({
    queryKey: changesKeys.course(courseId ?? ''),
    queryFn: ({ signal }) => api<CourseChanges>(`/courses/${encodeURIComponent(courseId!)}/changes`, { signal }),
    enabled: !!courseId,
  });

export const useChoose = () =>
  useRefreshingMutation(
    ({ id, input }: { id: string; input: ChooseInput }) => api<DateChoice>(`/changes/${encodeURIComponent(id)}/choose`, { method: 'POST', body: input }),
    [changesKeys.all()],
  );

/** The e-mail link's page: the secret in the body, never a URL. */
export const useChoiceLink = (secret: string | null) =>
  useQuery({ queryKey: changesKeys.link(), queryFn: ({ signal }) => api<DateChoice>('/changes/open', { method: 'POST', body: { secret }, signal }), enabled: !!secret, retry: false, gcTime: 0 });
export const useChooseByLink = () =>
  useMutation({ mutationFn: ({ secret, input }: { secret: string; input: ChooseInput }) => api<DateChoice>('/changes/choose', { method: 'POST', body: { secret, ...input } }) });

export const useReminderSetting = () => useQuery({ queryKey: changesKeys.reminders(), queryFn: ({ signal }) => api<ReminderSetting>('/users/me/reminders', { signal }) });
export function useSetReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (off: boolean) => api<ReminderSetting>('/users/me/reminders', { method: 'PUT', body: { off } }),
    onSuccess: (data) => client.setQueryData(changesKeys.reminders(), data),
  });
}

export const useFamilyFeed = (profileId: string) =>
  useQuery({ queryKey: changesKeys.feed(profileId), queryFn: ({ signal }) => api<CalendarFeed>(`/profiles/${encodeURIComponent(profileId)}/calendar-feed`, { signal }) });
export function useRenewFeed(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeed>(`/profiles/${encodeURIComponent(profileId)}/calendar-feed`, { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(changesKeys.feed(profileId), data),
  });
}

/** Issue 53: the admin's overview of coming cancelled dates, with 'Angre' and 'Send e-post nå' before the e-mails. */
export const useClosureOverview = () =>
  useQuery({ queryKey: changesKeys.overview(), queryFn: ({ signal }) => api<ClosureOverviewItem[]>('/cancelled-dates', { signal }) });
export function useClosureAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'undo' | 'announce' }) =>
      action === 'undo'
        ? api<ClosureOverviewItem[]>(`/cancelled-dates/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : api<ClosureOverviewItem[]>(`/cancelled-dates/${encodeURIComponent(id)}/announce`, { method: 'POST' }),
    onSuccess: async (data) => {
      client.setQueryData(changesKeys.overview(), data);
      await client.invalidateQueries({ queryKey: changesKeys.all() });
    },
  });
}
export const useClosePlace = () =>
  useRefreshingMutation(
    ({ placeId, input }: { placeId: string; input: PlaceClosureInput }) =>
      api<CancelledDates>(`/places/${encodeURIComponent(placeId)}/closures`, { method: 'POST', body: input }),
    [changesKeys.all()],
  );
export const useCancelCourseDate = () =>
  useRefreshingMutation(
    ({ courseId, input }: { courseId: string; input: CancelDateInput }) =>
      api<CancelledDates>(`/courses/${encodeURIComponent(courseId)}/cancelled-dates`, { method: 'POST', body: input }),
    [changesKeys.all()],
  );

export const useFamilyCredit = (profileId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: changesKeys.credit(profileId),
    queryFn: ({ signal }) => api<FamilyCredit>(`/profiles/${encodeURIComponent(profileId)}/credit`, { signal }),
    enabled: enabled && !!profileId,
  });
