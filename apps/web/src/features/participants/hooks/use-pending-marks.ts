import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AttendanceInput } from '@shared/course-admin';
import { isApiError } from '@/lib/api-client';
import { participantKeys, recordAttendance } from '@/features/participants/api/participants';

type PendingMark = AttendanceInput['marks'][number];

const storageKey = (courseId: string) => `plask:oppmote:${courseId}`;
const markKey = (m: { childId: string; date: string }) => `${m.childId}|${m.date}`;

function readPendingMarks(courseId: string): PendingMark[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(courseId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingMark[]) : [];
  } catch {
    return [];
  }
}

/** Attendance taps kept in localStorage until sent (when online); the server stores marks idempotently. */
export function usePendingMarks(courseId: string, serverMarks: readonly { childId: string; date: string; present: boolean }[]) {
  const queryClient = useQueryClient();
  const [pendingMarks, setPendingMarks] = useState<PendingMark[]>(() => readPendingMarks(courseId));
  const [state, setState] = useState<'saved' | 'sending' | 'waiting' | 'failed'>(() => (pendingMarks.length ? 'waiting' : 'saved'));
  const sending = useRef(false);
  const pendingRef = useRef(pendingMarks);

  const save = useCallback(
    (next: PendingMark[]) => {
      if (next.length) localStorage.setItem(storageKey(courseId), JSON.stringify(next));
      else localStorage.removeItem(storageKey(courseId));
      pendingRef.current = next;
      setPendingMarks(next);
    },
    [courseId],
  );

  const flush = useCallback(async () => {
    const batch = pendingRef.current;
    if (sending.current || batch.length === 0) return;
    if (!navigator.onLine) {
      setState('waiting');
      return;
    }
    sending.current = true;
    setState('sending');
    try {
      await recordAttendance(courseId, batch);
      // Keep taps made while this batch was on its way.
      const sent = new Set(batch.map((m) => `${markKey(m)}|${m.markedAt}`));
      const rest = pendingRef.current.filter((m) => !sent.has(`${markKey(m)}|${m.markedAt}`));
      save(rest);
      setState(rest.length ? 'waiting' : 'saved');
      void queryClient.invalidateQueries({ queryKey: participantKeys.ofCourse(courseId) });
    } catch (error) {
      // A refusal (4xx) will not get better by retrying; a network failure (status 0) or 5xx will.
      const refused = isApiError(error) && error.status >= 400 && error.status < 500;
      if (refused) save([]);
      setState(refused ? 'failed' : 'waiting');
    } finally {
      sending.current = false;
    }
    // Taps made while the batch was on its way go next.
    if (pendingRef.current.length && navigator.onLine) void flushRef.current();
  }, [courseId, queryClient, save]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const mark = useCallback(
    (childId: string, date: string, present: boolean) => {
      const entry: PendingMark = { childId, date, present, markedAt: new Date().toISOString() };
      save([...pendingRef.current.filter((m) => markKey(m) !== markKey(entry)), entry]);
      void flush();
    },
    [save, flush],
  );

  /** What the sheet shows: the server's marks, overlaid with the taps not yet sent. */
  const marks = useMemo(() => {
    const merged = new Map(serverMarks.map((m) => [markKey(m), m.present]));
    for (const m of pendingMarks) merged.set(markKey(m), m.present);
    return merged;
  }, [serverMarks, pendingMarks]);

  return { marks, mark, pending: pendingMarks.length, state };
}
