import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AttendanceInput } from '@shared/course-admin';
import { useOfflineQueue } from '@/lib/use-offline-queue';
import { participantKeys, recordAttendance } from '@/features/participants/api/participants';

type PendingMark = AttendanceInput['marks'][number];

const markKey = (m: { childId: string; date: string }) => `${m.childId}|${m.date}`;

/** Attendance taps through the pool deck's offline queue; the server stores marks idempotently. */
export function usePendingMarks(courseId: string, serverMarks: readonly { childId: string; date: string; present: boolean }[]) {
  const queryClient = useQueryClient();
  const { pending, add, state } = useOfflineQueue<PendingMark>({
    storageKey: `plask:oppmote:${courseId}`,
    keyOf: markKey,
    send: (batch) => recordAttendance(courseId, batch),
    onSent: () => void queryClient.invalidateQueries({ queryKey: participantKeys.ofCourse(courseId) }),
  });

  const mark = (childId: string, date: string, present: boolean) => add({ childId, date, present, markedAt: new Date().toISOString() });

  /** What the sheet shows: the server's marks, overlaid with the taps not yet sent. */
  const marks = useMemo(() => {
    const merged = new Map(serverMarks.map((m) => [markKey(m), m.present]));
    for (const m of pending) merged.set(markKey(m), m.present);
    return merged;
  }, [serverMarks, pending]);

  return { marks, mark, pending: pending.length, state };
}
