import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AttendanceInput } from '@shared/course-admin';
import { isApiError } from '@/lib/api-client';
import { participantKeys, recordAttendance } from '@/features/participants/api/participants';

type QueuedMark = AttendanceInput['marks'][number];

const storageKey = (courseId: string) => `plask:oppmote:${courseId}`;
const markKey = (m: { childId: string; date: string }) => `${m.childId}|${m.date}`;

function readQueue(courseId: string): QueuedMark[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(courseId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedMark[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(courseId: string, queue: readonly QueuedMark[]) {
  if (queue.length) localStorage.setItem(storageKey(courseId), JSON.stringify(queue));
  else localStorage.removeItem(storageKey(courseId));
}

export type QueueState = 'saved' | 'sending' | 'waiting' | 'failed';

/** Attendance taps queued in localStorage and sent when online; the server stores marks idempotently. */
export function useAttendanceQueue(courseId: string, serverMarks: readonly { childId: string; date: string; present: boolean }[]) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedMark[]>(() => readQueue(courseId));
  const [state, setState] = useState<QueueState>(() => (readQueue(courseId).length ? 'waiting' : 'saved'));
  const sending = useRef(false);
  const queueRef = useRef(queue);

  const flush = useCallback(async () => {
    const batch = queueRef.current;
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
      const rest = queueRef.current.filter((m) => !sent.has(`${markKey(m)}|${m.markedAt}`));
      writeQueue(courseId, rest);
      queueRef.current = rest;
      setQueue(rest);
      setState(rest.length ? 'waiting' : 'saved');
      void queryClient.invalidateQueries({ queryKey: participantKeys.ofCourse(courseId) });
    } catch (error) {
      // A refusal (4xx) will not get better by retrying; a network failure (status 0) or 5xx will.
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        writeQueue(courseId, []);
        queueRef.current = [];
        setQueue([]);
        setState('failed');
      } else {
        setState('waiting');
      }
    } finally {
      sending.current = false;
    }
    // Taps made while the batch was on its way go next.
    if (queueRef.current.length && navigator.onLine) void flushRef.current();
  }, [courseId, queryClient]);
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
      const entry: QueuedMark = { childId, date, present, markedAt: new Date().toISOString() };
      const next = [...queueRef.current.filter((m) => markKey(m) !== markKey(entry)), entry];
      writeQueue(courseId, next);
      queueRef.current = next;
      setQueue(next);
      void flush();
    },
    [courseId, flush],
  );

  /** What the sheet shows: the server's marks, overlaid with the taps not yet sent. */
  const marks = useMemo(() => {
    const merged = new Map(serverMarks.map((m) => [markKey(m), m.present]));
    for (const m of queue) merged.set(markKey(m), m.present);
    return merged;
  }, [serverMarks, queue]);

  return { marks, mark, pending: queue.length, state };
}
