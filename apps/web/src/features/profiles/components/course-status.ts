import { osloDateKey } from '@/lib/format';

/** Spec §4: a child's course status from its dates (Oslo calendar days). */
export type ChildCourseStatus = 'Påmeldt' | 'Pågår' | 'Fullført';

export function childCourseStatus(dates: readonly string[], now: Date = new Date()): ChildCourseStatus {
  const days = dates.map(osloDateKey).filter(Boolean).sort();
  const first = days[0];
  const last = days[days.length - 1];
  const today = osloDateKey(now);
  if (!first || !last || today < first) return 'Påmeldt';
  if (today >= last) return 'Fullført';
  return 'Pågår';
}
