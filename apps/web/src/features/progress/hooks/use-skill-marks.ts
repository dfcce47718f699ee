import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CurrentMark, MarkState, SkillMark } from '@shared/api';
import { useOfflineQueue } from '@/lib/use-offline-queue';
import { progressKeys, recordSkillMarks } from '@/features/progress/api/progress';

const markKey = (m: { childId: string; skillId: string }) => `${m.childId}|${m.skillId}`;

/** Skill marks through the pool deck's offline queue (the same as attendance's); each carries the time it was made. */
export function useSkillMarks(courseId: string, serverMarks: readonly CurrentMark[]) {
  const queryClient = useQueryClient();
  const { pending, add, state, refused } = useOfflineQueue<SkillMark>({
    storageKey: `plask:ferdigheter:${courseId}`,
    keyOf: markKey,
    send: (batch) => recordSkillMarks(courseId, batch),
    onSent: () => void queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
  });

  const mark = (childId: string, skillId: string, state: MarkState) => add({ childId, skillId, state, madeAt: new Date().toISOString() });

  /** What the grid shows: the server's marks, overlaid with the taps not yet sent; which are waiting; which were refused. */
  const view = useMemo(() => {
    const states = new Map<string, MarkState>(serverMarks.map((m) => [markKey(m), m.state]));
    for (const m of pending) states.set(markKey(m), m.state);
    return {
      states,
      waiting: new Set(pending.map(markKey)),
      refusals: new Map(refused.map((r) => [markKey(r.item), r.code])),
    };
  }, [serverMarks, pending, refused]);

  return { ...view, mark, pending: pending.length, state };
}
