import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './db/client';
import { parseEnv } from './env';
import { defaultJobs, startWorkers, type Job } from './workers';

const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
const deps = { db: {} as Db, env: parseEnv({ NODE_ENV: 'test' }), log };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startWorkers', () => {
  // The jobs' intervals and their work run on fake time: each test moves the clock, nothing waits for real.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never overlaps a job with itself and waits for a running job on stop', async () => {
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    const job: Job = {
      name: 'slow',
      everyMs: 5,
      run: async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(30);
        running -= 1;
        finished += 1;
      },
    };
    const workers = startWorkers(deps, [job]);
    await vi.advanceTimersByTimeAsync(80);
    const stopping = workers.stop();
    await vi.advanceTimersByTimeAsync(30);
    await stopping;
    expect(maxRunning).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
    const after = finished;
    await vi.advanceTimersByTimeAsync(40);
    expect(finished).toBe(after);
  });

  it('logs a failing job and keeps running it', async () => {
    let calls = 0;
    const workers = startWorkers(deps, [
      { name: 'failing', everyMs: 5, run: () => Promise.reject(new Error(`boom ${++calls}`)) },
    ]);
    await vi.advanceTimersByTimeAsync(40);
    await workers.stop();
    expect(calls).toBeGreaterThan(1);
    expect(log.error).toHaveBeenCalled();
  });

  it('registers the outbox drain every ~2 s and the rate-limit purge', () => {
    const jobs = defaultJobs(deps);
    const outbox = jobs.find((j) => j.name === 'email-outbox');
    expect(outbox?.everyMs).toBeLessThanOrEqual(2_000);
    expect(jobs.map((j) => j.name)).toContain('rate-limit-purge');
    expect(jobs.map((j) => j.name)).toContain('outbox-purge');
  });
});
