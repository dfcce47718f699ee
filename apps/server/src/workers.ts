import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type ServiceContext } from './context';
import type { Db } from './db/client';
import type { Env } from './env';
import { features } from './features';
import { createMailTransport, drainOutbox, mailFrom } from './integrations/email';
import { createPayments, type Payments } from './integrations/vipps/payments';
import { deleteDeadSessions, deleteExpiredCounters } from './repos/system.repo';
import { purgeOldMessages } from './repos/outbox.repo';
import { makePendingVariants } from './lib/images/variants';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown>; stop?: () => void };

/** Background jobs, safe on several instances (they claim rows SKIP LOCKED); a job never overlaps itself on one. */
export function startWorkers(
  deps: { db: Db; env: Env; log: FastifyBaseLogger; payments?: Payments },
  jobs: Job[] = defaultJobs(deps),
): { stop(): Promise<void> } {
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

/** The infrastructure's jobs, then every feature's (features/index.ts), each with a visitor's context. */
export function defaultJobs(deps: { db: Db; env: Env; log: FastifyBaseLogger; payments?: Payments }): Job[] {
  const transport = createMailTransport(deps.env);
  const from = mailFrom(deps.env);
  const payments = deps.payments ?? createPayments(deps.env, deps.db);
  const ctx: ServiceContext = { db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock };
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
    // Photo variants not made yet (an upload whose instance stopped before its queue ran): decision 040.
    { name: 'image-variants', everyMs: 15_000, run: () => makePendingVariants(deps.db, deps.log) },
    { name: 'rate-limit-purge', everyMs: 10 * 60_000, run: () => deleteExpiredCounters(deps.db) },
    // Sent, failed and kept e-mails leave the outbox OUTBOX_KEEP_DAYS after they were queued (probe M3).
    { name: 'outbox-purge', everyMs: 60 * 60_000, run: () => purgeOldMessages(deps.db, systemClock.now()) },
    { name: 'session-purge', everyMs: 60 * 60_000, run: async () => void (await deleteDeadSessions(deps.db)) },
    {
      // Replaces the Vipps webhook if Vipps (or a restarted simulator) no longer knows the stored one.
      name: 'vipps-webhook',
      everyMs: 5 * 60_000,
      run: async () => {
        const outcome = await payments.ensureWebhook();
        if (outcome === 'registered') deps.log.info({ job: 'vipps-webhook' }, 'vipps webhook registered');
      },
    },
    ...features.flatMap((feature) => feature.jobs?.(ctx) ?? []),
  ];
}
