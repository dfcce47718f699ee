import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Payment, PaymentEvent } from './payments';
import { badRequest, ProblemError, type ExtraDetail } from './problem';
import { signWebhookRequest } from './signing';

const webhookEventType = (name: PaymentEvent['name']) => `epayments.payment.${name.toLowerCase()}.v1`;

/** Body of an ePayment webhook (E0 `WebhookEvent`): the event-log entry with its MSN first. */
type WebhookPayload = { msn: string } & PaymentEvent;

export interface WebhookDeliveryOptions {
  /** First retry delay; doubles per attempt up to retryMaxDelayMs. Default 1000 (use ~5 in tests). */
  retryBaseDelayMs?: number;
  /** Default 60 000. Vipps itself backs off for up to 7 days. */
  retryMaxDelayMs?: number;
  /** Attempts per event before it is dropped (and the next one for that payment goes out). Default 100. */
  maxAttempts?: number;

  /** Deliver a delivered event once more, to exercise the receiver's idempotency: 'always', 'never' or a probability. */
  duplicateDeliveries?: 'always' | 'never' | number;
  /** For the duplicate probability; default Math.random. */
  random?: () => number;
  /** Webhooks allowed per event type and MSN (the current docs say 25). */
  maxWebhooksPerEvent?: number;
  /** Observes every attempt (tests, the simulator's log). */
  onAttempt?: (attempt: WebhookAttempt) => void;
}

export interface WebhookAttempt {
  webhookId: string;
  url: string;
  reference: string;
  name: PaymentEvent['name'];
  attempt: number;
  duplicate: boolean;
  /** HTTP status, or null when the request failed (refused, timeout). */
  status: number | null;
  ok: boolean;
  error?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

interface Webhook {
  id: string;
  msn: string;
  url: string;
  events: string[];
  secret: string;
}

interface Queue {
  items: WebhookPayload[];
  running: boolean;
}


/** Registered webhooks and their at-least-once delivery, in order per (webhook, payment) (brief §3). */
export class WebhookDispatcher {
  private readonly hooks = new Map<string, Webhook>();
  private readonly queues = new Map<string, Queue>();
  private readonly sleeping = new Map<NodeJS.Timeout, () => void>();
  private readonly abort = new AbortController();
  private readonly idleWaiters = new Set<() => void>();
  private closed = false;
  private readonly opts: Required<Omit<WebhookDeliveryOptions, 'onAttempt'>> & Pick<WebhookDeliveryOptions, 'onAttempt'>;

  constructor(
    options: WebhookDeliveryOptions,
    private readonly clock: () => number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.opts = {
      retryBaseDelayMs: options.retryBaseDelayMs ?? 1000,
      retryMaxDelayMs: options.retryMaxDelayMs ?? 60_000,
      maxAttempts: options.maxAttempts ?? 100,

      duplicateDeliveries: options.duplicateDeliveries ?? 'never',
      random: options.random ?? Math.random,
      maxWebhooksPerEvent: options.maxWebhooksPerEvent ?? 25,

      onAttempt: options.onAttempt,
    };
  }

  register(msn: string, body: unknown): { id: string; secret: string } {
    const { url, events } = parseRegistration(body);
    for (const event of events) {
      const count = [...this.hooks.values()].filter((h) => h.msn === msn && h.events.includes(event)).length;
      if (count >= this.opts.maxWebhooksPerEvent) {
        throw new ProblemError(400, 'Too many webhooks', `At most ${this.opts.maxWebhooksPerEvent} webhooks per event (${event}).`);
      }
    }
    const hook: Webhook = { id: randomUUID(), msn, url, events, secret: randomBytes(30).toString('base64') };
    this.hooks.set(hook.id, hook);
    return { id: hook.id, secret: hook.secret };
  }

  list(msn: string): { webhooks: { id: string; url: string; events: string[] }[] } {
    return {
      webhooks: [...this.hooks.values()].filter((h) => h.msn === msn).map(({ id, url, events }) => ({ id, url, events })),
    };
  }

  delete(msn: string, id: string): void {
    const hook = this.hooks.get(id);
    if (!hook || hook.msn !== msn) throw new ProblemError(404, 'Webhook not found', `No webhook with id '${id}'.`);
    this.hooks.delete(id);
  }

  /** Queues one event-log entry for every webhook of the payment's MSN that subscribed to its type. */
  publish(event: PaymentEvent, payment: Payment): void {
    if (this.closed) return;
    const type = webhookEventType(event.name);
    const payload: WebhookPayload = { msn: payment.msn, ...event };
    for (const hook of this.hooks.values()) {
      if (hook.msn !== payment.msn || !hook.events.includes(type)) continue;
      const key = `${hook.id}\n${payment.reference}`;
      let queue = this.queues.get(key);
      if (!queue) this.queues.set(key, (queue = { items: [], running: false }));
      queue.items.push(payload);
      if (!queue.running) void this.run(key, queue, hook.id);
    }
  }

  /** Resolves once no delivery is queued or in flight. */
  idle(): Promise<void> {
    if (this.queues.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
    for (const [timer, wake] of this.sleeping) {
      clearTimeout(timer);
      wake();
    }
    this.sleeping.clear();
    this.queues.clear();
    this.notifyIdle();
  }

  private async run(key: string, queue: Queue, hookId: string): Promise<void> {
    queue.running = true;
    try {
      while (queue.items.length > 0 && !this.closed) {
        const payload = queue.items[0]!;
        const hook = this.hooks.get(hookId);
        if (!hook) break; // deleted: its pending events go nowhere, as at Vipps
        const delivered = await this.deliver(hook, payload, false);
        if (delivered && this.duplicate()) await this.deliver(hook, payload, true);
        queue.items.shift();
      }
    } finally {
      queue.running = false;
      this.queues.delete(key);
      this.notifyIdle();
    }
  }

  private duplicate(): boolean {
    const d = this.opts.duplicateDeliveries;
    return d === 'always' || (d !== 'never' && this.opts.random() < d);
  }

  /** Retries with exponential backoff until a 2xx, the attempt limit, close, or the webhook's deletion. */
  private async deliver(hook: Webhook, payload: WebhookPayload, duplicate: boolean): Promise<boolean> {
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      if (this.closed || !this.hooks.has(hook.id)) return false;
      const result = await this.attempt(hook, body);
      const { reference, name } = payload;
      this.opts.onAttempt?.({ webhookId: hook.id, url: hook.url, reference, name, attempt, duplicate, ...result });
      if (result.ok) return true;
      if (attempt < this.opts.maxAttempts) {
        await this.sleep(Math.min(this.opts.retryBaseDelayMs * 2 ** (attempt - 1), this.opts.retryMaxDelayMs));
      }
    }
    this.log.warn({ webhookId: hook.id, reference: payload.reference, name: payload.name }, 'webhook dropped after max attempts');
    return false;
  }

  private async attempt(hook: Webhook, body: string): Promise<{ status: number | null; ok: boolean; error?: string }> {
    const date = new Date(this.clock()).toUTCString();
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signWebhookRequest({ secret: hook.secret, url: hook.url, body, date }) },
        body,
        // Vipps does not follow redirects: a 3xx is a failed delivery.
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, ok: response.status >= 200 && response.status < 300 };
    } catch (error) {
      return { status: null, ok: false, error: (error as Error).message };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeping.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.sleeping.set(timer, resolve);
    });
  }

  private notifyIdle(): void {
    if (this.queues.size > 0) return;
    for (const resolve of this.idleWaiters) resolve();
    this.idleWaiters.clear();
  }
}

function parseRegistration(body: unknown): { url: string; events: string[] } {
  const details: ExtraDetail[] = [];
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  let url: string | undefined;
  if (typeof b.url !== 'string') {
    details.push({ name: 'url', reason: 'The url field is required.' });
  } else {
    try {
      const parsed = new URL(b.url);
      // Vipps requires public https; the simulator delivers to whatever the developer runs, http included.
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
      if (parsed.hash) throw new Error('fragment');
      url = b.url;
    } catch {
      details.push({ name: 'url', reason: 'url must be an absolute http(s) URL without a fragment.' });
    }
  }
  const events = b.events;
  if (
    !Array.isArray(events) ||
    events.length === 0 ||
    events.some((e) => typeof e !== 'string' || e.length === 0 || e.length > 100)
  ) {
    details.push({ name: 'events', reason: 'events must be a non-empty array of event type names.' });
  }
  if (details.length) throw badRequest(details);
  return { url: url!, events: [...new Set(events as string[])] };
}
