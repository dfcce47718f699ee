import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { appVersion } from '../../app-version';
import { createEpaymentClient, EPAYMENT_WEBHOOK_EVENTS, type EpaymentClient, type RegisteredWebhook } from './epayment';
import { advisoryXactLock, readSetting, writeSetting } from '../../repos/system.repo';

/**
 * The product's Vipps ePayment wiring: the client built from env, and the webhook registration whose secret lives
 * in the `settings` table, so every instance verifies with the same secret. server.ts calls ensureWebhook() at
 * start; a worker repeats it, so a lost registration (Vipps or the simulator forgot it) is replaced.
 */

/** Where Vipps delivers ePayment events (the booking routes serve it). */
export const WEBHOOK_PATH = '/api/vipps/webhooks';
export const webhookUrl = (env: Pick<Env, 'PUBLIC_URL'>): string => `${env.PUBLIC_URL.replace(/\/+$/, '')}${WEBHOOK_PATH}`;

export const WEBHOOK_SETTING_KEY = 'vipps.epayment.webhook';
/** Advisory lock id for the registration (any constant distinct from the others in db/). */
const WEBHOOK_LOCK = 7_253_010;
/** How long a secret read from the database is trusted before it is read again. */
const SECRET_CACHE_MS = 60_000;

export interface StoredWebhook {
  id: string;
  url: string;
  secret: string;
}

export type WebhookRegistration = 'env' | 'unconfigured' | 'kept' | 'registered';

export interface PaymentsOptions {
  /** How long a started payment holds its place. Longer than Vipps' ~10-minute payment timeout. */
  holdMinutes: number;
  /**
   * TEST ONLY, the capacity test's negative control: payment start counts and inserts without locking the course
   * row, which oversells under concurrency. Never set outside tests.
   */
  unsafeNaiveCapacityCheck: boolean;
}

export interface Payments {
  /** null when Vipps is not configured (no base URL or credentials): payment starts answer PAYMENT_PROVIDER. */
  client: EpaymentClient | null;
  /** The URL registered with Vipps; its host and path are part of every webhook signature. */
  webhookUrl: string;
  /** VIPPS_WEBHOOK_SECRET, else the stored registration's secret; `fresh` skips the in-memory cache. */
  webhookSecret(options?: { fresh?: boolean }): Promise<string | null>;
  /** Registers the webhook unless a live registration for this URL is stored. Safe to run on every instance. */
  ensureWebhook(): Promise<WebhookRegistration>;
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
    timeoutMs: 10_000,
  });
}

export function createPayments(
  env: Env,
  db: Db,
  overrides: { client?: EpaymentClient | null; options?: Partial<PaymentsOptions> } = {},
): Payments {
  const client = overrides.client !== undefined ? overrides.client : epaymentClientFromEnv(env);
  const url = webhookUrl(env);
  let cached: { secret: string | null; at: number } | null = null;

  const readStored = async (): Promise<StoredWebhook | undefined> => {
    const stored = await readSetting<StoredWebhook>(db, WEBHOOK_SETTING_KEY);
    return stored && typeof stored.secret === 'string' && stored.url === url ? stored : undefined;
  };

  const isLive = (stored: StoredWebhook | undefined, hooks: RegisteredWebhook[]): stored is StoredWebhook =>
    !!stored && hooks.some((h) => h.id === stored.id && h.url === url);

  return {
    client,
    webhookUrl: url,
    options: { holdMinutes: 15, unsafeNaiveCapacityCheck: false, ...overrides.options },

    async webhookSecret(options = {}) {
      if (env.VIPPS_WEBHOOK_SECRET) return env.VIPPS_WEBHOOK_SECRET;
      if (!options.fresh && cached && Date.now() - cached.at < SECRET_CACHE_MS) return cached.secret;
      const stored = await readStored();
      cached = { secret: stored?.secret ?? null, at: Date.now() };
      return cached.secret;
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
      cached = { secret: result.secret, at: Date.now() };
      return result.outcome;
    },
  };
}
