import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Course } from '@shared/api';
import { LoginFirstButton } from '@/components/ui/login-first-button';
import { useNow } from '@/lib/use-now';
import { useJoinWaitingRoom, useLeaveWaitingRoom, usePosition } from '../api/waiting-room';
import { OpeningCountdown } from '../components/opening-countdown';

interface WaitingRoomOptions {
  courses: readonly Course[] | undefined;
  /** A parent holds the family's ticket; a visitor's buttons go to the login page; an admin books past the line. */
  viewer: 'visitor' | 'parent' | 'admin';
  /** The free places, asked again while the family waits. */
  refreshCourses: () => void;
}

/** True while a waiting room governs the course: from its opening's announcement until the line ends. */
export const behindLine = (c: Course, now: number): boolean => !!c.opensAt && !!c.queueUntil && now < Date.parse(c.queueUntil);

const IN_LINE = new Set(['countdown', 'waiting', 'admitted', 'full', 'expired', 'left']);

/** 'Du står i køen' in the row that was tapped, with focus moved to it, and a link to the panel. */
function InLineNote({ focus }: { focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p ref={ref} tabIndex={-1} className="text-sm font-semibold text-aqua-700 focus-visible:outline-2 focus-visible:outline-sea-800">
      Du står i køen.{' '}
      <a href="#ko-tittel" className="underline">
        Se plassen din
      </a>
    </p>
  );
}

/** Enrolment night on a venue page (decision 041): the family's place in line, and what a row shows instead of 'Bestill'. */
export function useWaitingRoom({ courses, viewer, refreshCourses }: WaitingRoomOptions) {
  const now = useNow(2_000);
  const gated = useCallback((c: Course) => behindLine(c, now), [now]);
  const [joinedId, setJoinedId] = useState<string | null>(null);
  // After a reload or on another device: the family's ticket is asked for with the first course behind a line.
  const watchedId = joinedId ?? (viewer === 'parent' ? (courses?.find(gated)?._id ?? null) : null);
  const position = usePosition(watchedId);
  const join = useJoinWaitingRoom();
  const leave = useLeaveWaitingRoom();
  const state = position.data?.state;
  const inLine = !!state && IN_LINE.has(state);
  const lineCourse = courses?.find((c) => c._id === (position.data?.courseId ?? watchedId)) ?? null;

  const joinLine = (course: Course) => {
    setJoinedId(course._id);
    join.mutate(course._id);
  };

  // While in line, the free places refresh (the parent is told what is still free); once all is sold, at once.
  useEffect(() => {
    if (state === 'full') refreshCourses();
    if (state !== 'waiting' && state !== 'countdown' && state !== 'admitted') return;
    const timer = setInterval(refreshCourses, 10_000);
    return () => clearInterval(timer);
  }, [state, refreshCourses]);

  /** What a course row shows instead of 'Bestill' (null: the row books as usual). */
  const gate = (c: Course): ReactNode => {
    if (viewer === 'admin' || !gated(c)) return null;
    const opensAt = c.opensAt!;
    const sameLine = position.data?.opensAt != null && (position.data.opensAt === opensAt || position.data.courseId === c._id);
    if (now < Date.parse(opensAt)) {
      return (
        <div className="flex flex-col items-start gap-2 sm:items-end sm:text-right">
          <OpeningCountdown opensAt={opensAt} />
          {sameLine && inLine && state !== 'left' ? (
            <InLineNote focus={joinedId === c._id} />
          ) : (
            <LoginFirstButton variant="secondary" loggedIn={viewer !== 'visitor'} onClick={() => joinLine(c)} disabled={join.isPending}>
              Still deg i kø
            </LoginFirstButton>
          )}
        </div>
      );
    }
    // Let in, or the line ended (all sold: the row shows 'fullt' and the waitlist): the row books as usual.
    if (sameLine && (state === 'admitted' || state === 'full' || state === 'open')) return null;
    if (sameLine && (state === 'waiting' || state === 'countdown')) return <InLineNote focus={joinedId === c._id} />;
    return (
      <LoginFirstButton loggedIn={viewer !== 'visitor'} onClick={() => joinLine(c)} disabled={join.isPending}>
        Bestill
      </LoginFirstButton>
    );
  };

  const line =
    lineCourse && inLine
      ? {
          course: lineCourse,
          position: position.data,
          error: join.error ?? leave.error ?? position.error,
          busy: join.isPending || leave.isPending,
          onJoin: () => join.mutate(lineCourse._id),
          onLeave: () => leave.mutate(lineCourse._id),
        }
      : null;
  return { gate, line };
}
