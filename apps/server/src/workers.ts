import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Env } from './env';

export interface Workers {
  stop(): Promise<void>;
}

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Background jobs (outbox drain, later payment reconciliation). Each is safe with several server instances,
 * because the jobs themselves claim rows with FOR UPDATE SKIP LOCKED. stop() waits for a running job to end.
 */
export function startWorkers(deps: { db: Db; env: Env; log: FastifyBaseLogger }, jobs: Job[] = defaultJobs(deps)): Workers {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (stopped) return;
      const p = job
        .run()
        .catch((err: unknown) => deps.log.error({ err, job: job.name }, 'background job failed'))
        .finally(() => running.delete(p));
      running.add(p);
    };
    return setInterval(tick, job.everyMs);
  });
  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}

function defaultJobs(_deps: { db: Db; env: Env; log: FastifyBaseLogger }): Job[] {
  return [];
}
