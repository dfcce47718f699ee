import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Env } from './env';
import { createMailTransport, drainOutbox, mailFrom } from './integrations/email';
import { purgeExpiredRateLimits } from './plugins/rate-limit';

export interface Workers {
  stop(): Promise<void>;
}

export type Job = { name: string; everyMs: number; run: () => Promise<unknown>; stop?: () => void };

/**
 * Background jobs (outbox drain, later payment reconciliation). Each is safe with several server instances,
 * because the jobs themselves claim rows with FOR UPDATE SKIP LOCKED. A job never overlaps itself on one
 * instance (a tick is skipped while the previous run is busy). stop() waits for a running job to end.
 */
export function startWorkers(deps: { db: Db; env: Env; log: FastifyBaseLogger }, jobs: Job[] = defaultJobs(deps)): Workers {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const p = job
        .run()
        .catch((err: unknown) => deps.log.error({ err, job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    return setInterval(tick, job.everyMs);
  });
  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
      for (const job of jobs) job.stop?.();
    },
  };
}

export function defaultJobs(deps: { db: Db; env: Env; log: FastifyBaseLogger }): Job[] {
  const transport = createMailTransport(deps.env);
  const from = mailFrom(deps.env);
  return [
    {
      name: 'email-outbox',
      everyMs: 2_000,
      run: async () => {
        const result = await drainOutbox(deps.db, transport, { batch: 20, from });
        if (result.sent || result.failed || result.retried) deps.log.info({ job: 'email-outbox', ...result }, 'outbox drained');
      },
      stop: () => transport?.close?.(),
    },
    { name: 'rate-limit-purge', everyMs: 10 * 60_000, run: () => purgeExpiredRateLimits(deps.db) },
  ];
}
