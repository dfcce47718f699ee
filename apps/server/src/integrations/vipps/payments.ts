import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { appVersion } from '../../app-version';
import {
  createCircuitBreaker,
  createEpaymentClient,
  EPAYMENT_WEBHOOK_EVENTS,
  type BreakerSnapshot,
  type EpaymentClient,
  type RegisteredWebhook,
} from './epayment';
import { createMemoryLimiter, type MemoryLimiter } from '../../lib/memory-limiter';
import { advisoryXactLock, readSetting, writeSetting } from '../../repos/system.repo';

/**
 * The Vipps ePayment wiring: the client from env, and the webhook registration whose secret lives in `settings` (every
 * instance verifies with it). ensureWebhook() runs at start and in a worker, so a lost registration is replaced.
 */

/** Where Vipps delivers ePayment events (the booking routes serve it). */
export const webhookUrl = (env: Pick<Env, 'PUBLIC_URL'>): string => `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/vipps/webhooks`;

export const WEBHOOK_SETTING_KEY = 'vipps.epayment.webhook';
/** Advisory lock id for the registration (any constant distinct from the others in db/). */
const WEBHOOK_LOCK = 7_253_010;
/**
 * The secret stays in memory; a delivery that fails to verify (a new registration's secret) reads it again, at most
 * once per SECRET_REFRESH_MIN_MS, so a flood of forged deliveries costs one read, not one each.
 */
const SECRET_REFRESH_MIN_MS = 5_000;
/** And once in a while regardless, so a replaced secret is not kept for ever on an instance that sees no failure. */
const SECRET_MAX_AGE_MS = 10 * 60_000;

export interface StoredWebhook {
  id: string;
  url: string;
  secret: string;
}

/** A time Vipps did not answer (the breaker opened), as the admin dashboard lists it: settings key OUTAGES_SETTING_KEY. */
type VippsOutage = { startedAt: string; endedAt: string | null; lastError: string | null };
export const OUTAGES_SETTING_KEY = 'vipps.outages';
const OUTAGES_KEPT = 10;

/** `holdMinutes`: how long a started payment holds its place, longer than Vipps' ~10-minute payment timeout. */
export type PaymentsOptions = { holdMinutes: number };

export interface Payments {
  /** null when Vipps is not configured (no base URL or credentials): payment starts answer PAYMENT_PROVIDER. */
  client: EpaymentClient | null;
  /** The URL registered with Vipps; its host and path are part of every webhook signature. */
  webhookUrl: string;
  /** VIPPS_WEBHOOK_SECRET, else the stored registration's secret, kept in memory. */
  webhookSecret(): Promise<string | null>;
  /**
   * After a delivery failed to verify: the stored secret read again, unless it was read less than
   * SECRET_REFRESH_MIN_MS ago (then `undefined`: nothing new to try). Concurrent callers share one read.
   */
  refreshWebhookSecret(): Promise<string | null | undefined>;
  /** Failed webhook verifications per IP, counted in memory (WEBHOOK_FAILURE_RATE_LIMIT per minute). */
  webhookFailures: MemoryLimiter;
  /** Registers the webhook unless a live registration for this URL is stored. Safe to run on every instance. */
  ensureWebhook(): Promise<'env' | 'unconfigured' | 'kept' | 'registered'>;
  /** This instance's last reconciler run (features/orders/reconciler.ts sets it). */
  lastReconcile: { at: Date; claimed: number; failed: number } | null;
  /** This instance's breaker (null: none) and every instance's outages, newest first (admin health, the dashboard). */
  vippsStatus(): Promise<{ breaker: BreakerSnapshot | null; outages: VippsOutage[] }>;
  options: PaymentsOptions;
}

export function epaymentClientFromEnv(env: Env): EpaymentClient | null {
  const { VIPPS_BASE_URL, VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MERCHANT_SERIAL_NUMBER } = env;
  if (!VIPPS_BASE_URL || !VIPPS_CLIENT_ID || !VIPPS_CLIENT_SECRET || !VIPPS_SUBSCRIPTION_KEY || !VIPPS_MERCHANT_SERIAL_NUMBER) {
    return null;
  }
  return createEpaymentClient({
    baseUrl: VIPPS_BASE_URL,
    clientId: VIPPS_CLIENT_ID,
    clientSecret: VIPPS_CLIENT_SECRET,
    subscriptionKey: VIPPS_SUBSCRIPTION_KEY,
    merchantSerialNumber: VIPPS_MERCHANT_SERIAL_NUMBER,
    systemName: 'babysvomming',
    systemVersion: appVersion().slice(0, 30),
    // Short: a parent waits for createPayment, and a Vipps that does not answer soon is treated as down.
    timeoutMs: env.VIPPS_TIMEOUT_MS,
    breaker: createCircuitBreaker({ failureThreshold: env.VIPPS_BREAKER_FAILURES, openMs: env.VIPPS_BREAKER_OPEN_MS }),
  });
}

/** Keeps the instances' outage list in `settings`: an entry when a breaker opens, its end when it closes (off the request path). */
async function recordOutage(db: Db, snapshot: BreakerSnapshot): Promise<void> {
  const list = (await readSetting<VippsOutage[]>(db, OUTAGES_SETTING_KEY)) ?? [];
  const openEntry = list.find((o) => o.endedAt === null);
  if (snapshot.state === 'open' && !openEntry) {
    list.unshift({ startedAt: (snapshot.openedAt ?? new Date()).toISOString(), endedAt: null, lastError: snapshot.lastError });
  } else if (snapshot.state === 'open' && openEntry) {
    openEntry.lastError = snapshot.lastError;
  } else if (snapshot.state === 'closed' && openEntry) {
    openEntry.endedAt = new Date().toISOString();
  } else {
    return;
  }
  await writeSetting(db, OUTAGES_SETTING_KEY, list.slice(0, OUTAGES_KEPT));
}

export function createPayments(
  env: Env,
  db: Db,
  overrides: { client?: EpaymentClient | null; options?: Partial<PaymentsOptions>; now?: () => number } = {},
): Payments {
  const client = overrides.client !== undefined ? overrides.client : epaymentClientFromEnv(env);
  const url = webhookUrl(env);
  const now = overrides.now ?? Date.now;
  let cached: { secret: string | null; at: number } | null = null;
  let reading: Promise<string | null> | null = null;

  const readStored = async (): Promise<StoredWebhook | undefined> => {
    const stored = await readSetting<StoredWebhook>(db, WEBHOOK_SETTING_KEY);
    return stored && typeof stored.secret === 'string' && stored.url === url ? stored : undefined;
  };

  /** One read at a time; the time is taken when it starts, so a slow read cannot be repeated by every caller. */
  const read = (): Promise<string | null> => {
    reading ??= (async () => {
      const at = now();
      try {
        const stored = await readStored();
        cached = { secret: stored?.secret ?? null, at };
        return cached.secret;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  client?.breaker?.subscribe((snapshot) => {
    void recordOutage(db, snapshot).catch((err: unknown) => console.warn(`vipps outage not recorded: ${(err as Error).message}`));
  });

  const isLive = (stored: StoredWebhook | undefined, hooks: RegisteredWebhook[]): stored is StoredWebhook =>
    !!stored && hooks.some((h) => h.id === stored.id && h.url === url);

  return {
    client,
    webhookUrl: url,
    webhookFailures: createMemoryLimiter({ max: env.WEBHOOK_FAILURE_RATE_LIMIT, windowMs: 60_000, now }),
    lastReconcile: null,
    options: { holdMinutes: 15, ...overrides.options },

    async webhookSecret() {
      if (env.VIPPS_WEBHOOK_SECRET) return env.VIPPS_WEBHOOK_SECRET;
      if (cached && now() - cached.at < SECRET_MAX_AGE_MS) return cached.secret;
      return read();
    },

    async refreshWebhookSecret() {
      if (env.VIPPS_WEBHOOK_SECRET) return undefined;
      if (reading) return reading;
      if (cached && now() - cached.at < SECRET_REFRESH_MIN_MS) return undefined;
      return read();
    },

    async vippsStatus() {
      const outages = (await readSetting<VippsOutage[]>(db, OUTAGES_SETTING_KEY)) ?? [];
      return { breaker: client?.breaker?.snapshot() ?? null, outages: Array.isArray(outages) ? outages : [] };
    },

    async ensureWebhook() {
      if (env.VIPPS_WEBHOOK_SECRET) return 'env';
      if (!client) return 'unconfigured';
      // The common case needs no lock: the stored registration is still known to Vipps.
      if (isLive(await readStored(), await client.listWebhooks())) return 'kept';

      // Register under a lock, so instances starting together create one webhook, not one each. The lock is held
      // across Vipps calls, which is fine for this rare, start-up-time work (never a course or order row).
      const result = await db.transaction(async (tx) => {
        await advisoryXactLock(tx, WEBHOOK_LOCK);
        const stored = await readSetting<StoredWebhook>(tx, WEBHOOK_SETTING_KEY);
        const hooks = await client.listWebhooks();
        if (stored?.url === url && isLive(stored, hooks)) return { outcome: 'kept' as const, secret: stored.secret };
        const created = await client.registerWebhook({ url, events: [...EPAYMENT_WEBHOOK_EVENTS] });
        await writeSetting(tx, WEBHOOK_SETTING_KEY, { id: created.id, url, secret: created.secret } satisfies StoredWebhook);
        // The new one is stored before the old ones go (Vipps: register the new hook first). Hooks to our URL
        // that are not the stored one can only fail signature checks, so they are removed.
        const stale = hooks.filter((h) => h.id !== created.id && (h.url === url || h.id === stored?.id));
        for (const hook of stale) await client.deleteWebhook(hook.id).catch(() => undefined);
        return { outcome: 'registered' as const, secret: created.secret };
      });
      cached = { secret: result.secret, at: now() };
      return result.outcome;
    },
  };
}
