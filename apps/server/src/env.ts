import { z } from 'zod';
import { siteConfigFromEnv, type RetentionSettings, type SiteConfig } from '@app/shared';
import { DEFAULT_DATABASE_WAIT_MS, DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client';
import { featureEnv } from './features/env';

/** Parsed once at start-up; a bad value stops the server (convention 4). A feature's own settings: features/env.ts. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A request that waits this long for a database connection is answered 503 BUSY (decision 026). */
  DATABASE_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_DATABASE_WAIT_MS),
  /** PostgreSQL: a statement waiting this long for a lock, or running this long, is stopped and answered 503 BUSY. */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_LOCK_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
  /** Load demo data when the database is empty. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Proxies trusted for X-Forwarded-For (rate limits key on it): 'false' or addresses/CIDRs; never 'true'. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      return value.split(',').map((s) => s.trim()).filter(Boolean);
    }),
  /** The public lists' cache's max age (decision 017); 0 turns it off. Default 60000, 0 when NODE_ENV=test. */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** How long a session check may be kept while LISTEN is up (decision 019); 0 turns the session cache off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** Load shedding: 503 BUSY above this mean event-loop delay; 0 is off (default 500, 0 on PGlite and in tests). */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  /** The family calendar feeds' key, apart from SESSION_SECRET; unset: a random key per process (as SESSION_SECRET). */
  CALENDAR_FEED_KEY: z.string().min(32).optional(),
  VIPPS_BASE_URL: z.string().url().optional(),
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  VIPPS_MERCHANT_SERIAL_NUMBER: z.string().optional(),
  /** '1': run on the simulator without Vipps credentials; required for that with NODE_ENV=production. */
  VIPPS_TEST_MODE: z.enum(['0', '1']).optional(),
  /** '1': the E2E suite's POST /api/test/people (decision 052); only in test mode, only on loopback. */
  E2E_TEST_ENDPOINTS: z.enum(['0', '1']).optional(),
  /** On receipts: the company's organisation number, address and VAT line. Demo defaults. */
  COMPANY_ORG_NUMBER: z.string().min(1).max(40).default('912 345 678'),
  COMPANY_ADDRESS: z.string().min(1).max(200).default('Badeveien 1, 0150 Oslo'),
  RECEIPT_VAT_LINE: z.string().min(1).max(300).default('Svømmeopplæring er unntatt fra merverdiavgift (mval. § 3-5).'),
  /** The site's public address (Vipps Login returns to it); unset: http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Port of the Vipps simulator that server.ts starts in test mode (no Vipps credentials); default PORT + 1. */
  VIPPS_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where `npm run backup` (and the server, asked by it) writes backups (decision 044). Keep copies off the machine. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** Each Vipps API call (the token call included) gives up after this long (decision 044). */
  VIPPS_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(4_000),
  /** Circuit breaker: this many failed Vipps calls in a row stop the calls for VIPPS_BREAKER_OPEN_MS. */
  VIPPS_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  VIPPS_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** The secret of an ePayment webhook registered by hand; unset (normal): the server registers its own. */
  VIPPS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Webhook deliveries that fail signature verification: per IP per minute, per instance, before 429. */
  WEBHOOK_FAILURE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** The settings slice 'waitlist' starts from these (decision 054): offer hours, short offer hours, priority days. */
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(24),
  WAITLIST_SHORT_OFFER_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(6),
  WAITLIST_PRIORITY_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** The settings slice 'closures' starts from these (decision 054): days to choose, undo minutes, the default choice. */
  DATE_CHOICE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  CLOSURE_UNDO_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(10),
  DATE_CHOICE_DEFAULT: z.enum(['credit', 'refund']).default('credit'),
  /** The settings slice 'credit' starts from this: a family credit expires this many months after it was given. */
  CREDIT_MONTHS: z.coerce.number().int().min(1).max(60).default(12),
  ...featureEnv,
});

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'PUBLIC_CACHE_TTL_MS' | 'SESSION_CACHE_TTL_MS' | 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'> & {
  PUBLIC_URL: string;
  PUBLIC_CACHE_TTL_MS: number;
  SESSION_CACHE_TTL_MS: number;
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: number;
  site: SiteConfig;
  /** No Vipps credentials set: the simulator stands in for Vipps and the web shows a 'testmodus' banner. */
  vippsTestMode: boolean;
};

const VIPPS_CREDENTIALS = ['VIPPS_CLIENT_ID', 'VIPPS_CLIENT_SECRET', 'VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MERCHANT_SERIAL_NUMBER'] as const;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const setCredentials = VIPPS_CREDENTIALS.filter((k) => result.data[k]);
  const vippsTestMode = setCredentials.length === 0;
  if (!vippsTestMode && (setCredentials.length < VIPPS_CREDENTIALS.length || !result.data.VIPPS_BASE_URL)) {
    // Half a configuration would silently fall back to nothing useful: real Vipps needs all of them.
    const missing = [...VIPPS_CREDENTIALS.filter((k) => !result.data[k]), ...(result.data.VIPPS_BASE_URL ? [] : ['VIPPS_BASE_URL'])];
    throw new Error(`Invalid environment:\n${missing.map((k) => `  ${k}: required when any Vipps credential is set (unset all for test mode)`).join('\n')}`);
  }
  if (vippsTestMode && result.data.NODE_ENV === 'production' && result.data.VIPPS_TEST_MODE !== '1') {
    throw new Error(
      'Invalid environment:\n  NODE_ENV=production without Vipps credentials: set VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, ' +
        'VIPPS_SUBSCRIPTION_KEY, VIPPS_MERCHANT_SERIAL_NUMBER and VIPPS_BASE_URL, or VIPPS_TEST_MODE=1 for the simulator',
    );
  }
  if (result.data.E2E_TEST_ENDPOINTS === '1' && result.data.NODE_ENV === 'production' && result.data.VIPPS_TEST_MODE !== '1') {
    throw new Error('Invalid environment:\n  E2E_TEST_ENDPOINTS=1 with NODE_ENV=production needs VIPPS_TEST_MODE=1: the test endpoint makes sessions');
  }
  const testing = result.data.NODE_ENV === 'test';
  const PUBLIC_URL = result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`;
  return {
    ...result.data,
    PUBLIC_URL,
    PUBLIC_CACHE_TTL_MS: result.data.PUBLIC_CACHE_TTL_MS ?? (testing ? 0 : 60_000),
    SESSION_CACHE_TTL_MS: result.data.SESSION_CACHE_TTL_MS ?? (testing ? 0 : 60_000),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: result.data.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (testing || !result.data.DATABASE_URL ? 0 : 500),
    site: siteConfigFromEnv({ ...source, PUBLIC_URL }),
    vippsTestMode,
  };
}

/** The retention settings as families and the privacy page see them: the same values the retention job uses. */
export const retentionSettings = (env: Pick<Env, 'RETENTION_MONTHS' | 'HEALTH_NOTE_RETENTION_DAYS' | 'RETENTION_WARNING_DAYS'>): RetentionSettings => ({
  months: env.RETENTION_MONTHS,
  healthNoteDays: env.HEALTH_NOTE_RETENTION_DAYS,
  warningDays: env.RETENTION_WARNING_DAYS,
});
