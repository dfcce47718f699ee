import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from './context';
import type { Db } from './db/client';
import type { Env } from './env';
import { reconcilePayments } from './features/orders/reconciler';
import { announceDueClosures, applyDefaults } from './features/changes/changes.service';
import { sendReminders } from './features/changes/reminders.service';
import { runIfDue as runRetentionIfDue } from './features/retention/retention.service';
import { processWaitlists } from './features/waitlist/waitlist.service';
import { admit as admitFromQueues } from './features/queue/queue.service';
import { createMailTransport, drainOutbox, mailFrom } from './integrations/email';
import { createPayments, type Payments } from './integrations/vipps/payments';
import { deleteDeadSessions } from './repos/system.repo';
import { purgeOldMessages } from './repos/outbox.repo';
import { makePendingVariants } from './lib/images/variants';
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
export function startWorkers(
  deps: { db: Db; env: Env; log: FastifyBaseLogger; payments?: Payments },
  jobs: Job[] = defaultJobs(deps),
): Workers {
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

export function defaultJobs(deps: { db: Db; env: Env; log: FastifyBaseLogger; payments?: Payments }): Job[] {
  const transport = createMailTransport(deps.env);
  const from = mailFrom(deps.env);
  const payments = deps.payments ?? createPayments(deps.env, deps.db);
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
    { name: 'rate-limit-purge', everyMs: 10 * 60_000, run: () => purgeExpiredRateLimits(deps.db) },
    // Sent, failed and kept e-mails leave the outbox OUTBOX_KEEP_DAYS after they were queued (probe M3).
    { name: 'outbox-purge', everyMs: 60 * 60_000, run: () => purgeOldMessages(deps.db, systemClock.now()) },
    { name: 'session-purge', everyMs: 60 * 60_000, run: async () => void (await deleteDeadSessions(deps.db)) },
    {
      // Orders still waiting on Vipps: poll, capture, cancel expired holds (features/orders/reconciler.ts).
      name: 'payments-reconcile',
      everyMs: 10_000,
      run: async () => {
        const result = await reconcilePayments({ db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock });
        if (result.claimed) deps.log.info({ job: 'payments-reconcile', ...result }, 'payments reconciled');
      },
    },
    {
      // Waitlist offers: expired offers pass on, freed places are offered, priority invitations (decision 016).
      name: 'waitlist',
      everyMs: deps.env.WAITLIST_JOB_MS,
      run: async () => {
        const result = await processWaitlists({ db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock });
        if (result.offered || result.expired || result.invited) deps.log.info({ job: 'waitlist', ...result }, 'waitlist processed');
      },
    },
    {
      // Enrolment night's waiting room (decision 041): the draw at the opening moment, admissions, the line's end.
      name: 'queue-admission',
      everyMs: deps.env.QUEUE_JOB_MS,
      run: async () => {
        const result = await admitFromQueues({ db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock });
        if (result.sealed || result.admitted.length || result.ended) {
          deps.log.info({ job: 'queue-admission', sealed: result.sealed, admitted: result.admitted.length, ended: result.ended }, 'queue admitted');
        }
      },
    },
    {
      // Retention (issue 39, decision 038): once a day, counted from the last logged run, so a restart neither skips
      // a day nor runs twice; several instances take turns on an advisory lock.
      name: 'retention',
      everyMs: deps.env.RETENTION_JOB_MS,
      run: async () => {
        const done = await runRetentionIfDue({ db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock });
        if (done) {
          const counts = { children: done.children.length, healthNotes: done.healthNotes.length, guardians: done.guardians.length };
          deps.log.info({ job: 'retention', ...counts, warnings: done.guardianWarnings.length + done.healthNoteWarnings.length }, 'retention ran');
        }
      },
    },
    {
      // Issue 53: cancelled dates whose undo time has passed: the families' choices and e-mails, once per date.
      name: 'closure-announce',
      everyMs: deps.env.CLOSURE_JOB_MS,
      run: async () => {
        const announced = await announceDueClosures({ db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock });
        if (announced) deps.log.info({ job: 'closure-announce', announced }, 'cancelled dates announced');
      },
    },
    {
      // Issue 38: cancelled dates nobody chose for get the school's default; the day-before reminders are queued.
      name: 'date-changes',
      everyMs: 5 * 60_000,
      run: async () => {
        const ctx = { db: deps.db, env: deps.env, payments, log: deps.log, viewer: null, clock: systemClock };
        const defaults = await applyDefaults(ctx);
        const reminders = await sendReminders(ctx);
        if (defaults || reminders) deps.log.info({ job: 'date-changes', defaults, reminders }, 'date changes processed');
      },
    },
    {
      // Replaces the Vipps webhook if Vipps (or a restarted simulator) no longer knows the stored one.
      name: 'vipps-webhook',
      everyMs: 5 * 60_000,
      run: async () => {
        const outcome = await payments.ensureWebhook();
        if (outcome === 'registered') deps.log.info({ job: 'vipps-webhook' }, 'vipps webhook registered');
      },
    },
  ];
}
