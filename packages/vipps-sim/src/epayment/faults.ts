import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError, badRequest } from './problem';

/** Vipps having a bad night on demand (decision 044): slow, 5xx or dropped APIs; webhooks in the window are lost. */
const FAULT_MODES = ['slow', 'error', 'down'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

interface Fault {
  mode: FaultMode;
  /** Ends at this time (ms since the epoch, wall clock). */
  until: number;
  /** slow: each answer waits between these (ms). */
  minDelayMs: number;
  maxDelayMs: number;
  /** error: the status sent (500–599). */
  status: number;
}

export interface FaultInput {
  mode: FaultMode;
  /** How long the fault lasts, 1 ms … 1 hour. */
  durationMs: number;
  minDelayMs?: number;
  maxDelayMs?: number;
  status?: number;
}

export interface FaultStatus {
  fault: (Omit<Fault, 'until'> & { until: string; remainingMs: number }) | null;
  /** Webhook events not delivered because of a fault, since the simulator started. */
  droppedWebhooks: number;
}

const MAX_DURATION_MS = 60 * 60_000;
const MAX_DELAY_MS = 60_000;

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The control route's body; a ProblemError (400) naming each bad field. */
export function parseFaultInput(body: unknown): FaultInput {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const problems: { name: string; reason: string }[] = [];
  if (!FAULT_MODES.includes(b.mode as FaultMode)) problems.push({ name: 'mode', reason: `One of ${FAULT_MODES.join(', ')}.` });
  if (!isInt(b.durationMs, 1, MAX_DURATION_MS)) problems.push({ name: 'durationMs', reason: `An integer 1–${MAX_DURATION_MS}.` });
  for (const name of ['minDelayMs', 'maxDelayMs'] as const) {
    if (b[name] !== undefined && !isInt(b[name], 0, MAX_DELAY_MS)) problems.push({ name, reason: `An integer 0–${MAX_DELAY_MS}.` });
  }
  if (isInt(b.minDelayMs, 0, MAX_DELAY_MS) && isInt(b.maxDelayMs, 0, MAX_DELAY_MS) && b.minDelayMs > b.maxDelayMs) {
    problems.push({ name: 'maxDelayMs', reason: 'At least minDelayMs.' });
  }
  if (b.status !== undefined && !isInt(b.status, 500, 599)) problems.push({ name: 'status', reason: 'An integer 500–599.' });
  if (problems.length) throw badRequest(problems);
  return b as unknown as FaultInput;
}

export class FaultSwitch {
  private fault: Fault | null = null;
  private dropped = 0;
  constructor(private readonly now: () => number = Date.now) {}

  set(input: FaultInput): FaultStatus {
    this.fault = {
      mode: input.mode,
      until: this.now() + input.durationMs,
      minDelayMs: input.minDelayMs ?? 2_000,
      maxDelayMs: input.maxDelayMs ?? Math.max(10_000, input.minDelayMs ?? 0),
      status: input.status ?? 503,
    };
    return this.status();
  }

  clear(): FaultStatus {
    this.fault = null;
    return this.status();
  }

  /** The fault in force now, if any. */
  active(): Fault | null {
    if (this.fault && this.fault.until <= this.now()) this.fault = null;
    return this.fault;
  }

  /** A webhook about to go out: false (and counted) while Vipps is failing or down. */
  letWebhookThrough(): boolean {
    const fault = this.active();
    if (fault && fault.mode !== 'slow') {
      this.dropped += 1;
      return false;
    }
    return true;
  }

  status(): FaultStatus {
    const fault = this.active();
    return {
      fault: fault ? { ...fault, until: new Date(fault.until).toISOString(), remainingMs: fault.until - this.now() } : null,
      droppedWebhooks: this.dropped,
    };
  }

  /** onRequest hook for the merchant APIs. */
  hook() {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const fault = this.active();
      if (!fault) return;
      if (fault.mode === 'down') {
        // Unreachable: the connection ends without an answer.
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault.mode === 'error') throw new ProblemError(fault.status, 'Service Unavailable', 'The simulator is told to fail (fault injection).');
      const delay = fault.minDelayMs + Math.floor(Math.random() * (fault.maxDelayMs - fault.minDelayMs + 1));
      await new Promise((resolve) => setTimeout(resolve, delay));
    };
  }
}
