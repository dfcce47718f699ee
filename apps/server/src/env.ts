import { z } from 'zod';
import { siteConfigFromEnv, type RetentionSettings, type SiteConfig } from '@app/shared';
import { DEFAULT_DATABASE_WAIT_MS, DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client';

/** Parsed once at start-up; a bad value stops the server with a list of what is wrong (convention 4). */
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
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), which rate limits key on: 'false' (no
   * proxy: the socket address counts) or a comma list of the proxies' addresses or CIDRs ('10.0.0.0/8', or the
   * names 'loopback', 'uniquelocal'). 'true' would trust any X-Forwarded-For and let a client pick its own address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      return value.split(',').map((s) => s.trim()).filter(Boolean);
    }),
  /**
   * The public lists' cache (decision 017): entries are dropped on every change (NOTIFY from the database), and
   * live at most this long in any case (answers that change with time alone). 0 turns the cache off.
   * Default 60000, or 0 when NODE_ENV=test (tests read their own writes at once).
   */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** How long a session check may be kept while LISTEN is up (decision 019); 0 turns the session cache off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * Load shedding (@fastify/under-pressure): above this mean event-loop delay, requests get 503 BUSY with
   * Retry-After at once. 0 turns it off. Default 500 with DATABASE_URL; 0 on PGlite (its queries run on the event
   * loop, so the delay measures the database, and there is one process anyway) and when NODE_ENV=test.
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * The key of the family calendar feeds' addresses (issue 52, I2): a key of its own, so rotating SESSION_SECRET
   * (everybody logged out) leaves the feeds alone, and rotating this one gives every family a new address. Unset as
   * SESSION_SECRET: a random key per process (addresses change on restart, and differ between instances).
   */
  CALENDAR_FEED_KEY: z.string().min(32).optional(),
  ADMIN_PHONE_NUMBERS: z.string().default(''),
  VIPPS_BASE_URL: z.string().url().optional(),
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  VIPPS_MERCHANT_SERIAL_NUMBER: z.string().optional(),
  /**
   * '1': run without Vipps credentials on the simulator (test mode), said out loud. Required for that with
   * NODE_ENV=production, so a production server missing its credentials refuses to start instead of taking payments
   * nobody makes (issue 36). `npm start`, the E2E server and the bench set it.
   */
  VIPPS_TEST_MODE: z.enum(['0', '1']).optional(),
  /**
   * '1': the E2E suite's test-only endpoint (POST /api/test/people: a new person and a session, decision 052). Only in
   * test mode, answered only on loopback; `npm start` never sets it.
   */
  E2E_TEST_ENDPOINTS: z.enum(['0', '1']).optional(),
  /** On receipts (kvittering, issue 40): the company's organisation number, address and VAT line. Demo defaults. */
  COMPANY_ORG_NUMBER: z.string().min(1).max(40).default('912 345 678'),
  COMPANY_ADDRESS: z.string().min(1).max(200).default('Badeveien 1, 0150 Oslo'),
  /** The ledger account the month-end's bookkeeping file puts course payments on (issue 40). */
  BOOKKEEPING_ACCOUNT: z.string().min(1).max(40).default('3000'),
  RECEIPT_VAT_LINE: z.string().min(1).max(300).default('Svømmeopplæring er unntatt fra merverdiavgift (mval. § 3-5).'),
  /**
   * The site's public address; Vipps Login returns to `${PUBLIC_URL}/vipps/login-redirect`. Unset: this machine at
   * PORT, so `PORT=3400 npm start` logs in and pays on port 3400 too.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Port of the Vipps simulator that server.ts starts in test mode (no Vipps credentials); default PORT + 1. */
  VIPPS_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where `npm run backup` (and the server, asked by it) writes backups (decision 044). Keep copies off the machine. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** Each Vipps API call (the token call included) gives up after this long (issue 42, decision 044). */
  VIPPS_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(4_000),
  /** Circuit breaker: this many failed Vipps calls in a row stop the calls for VIPPS_BREAKER_OPEN_MS. */
  VIPPS_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  VIPPS_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Rate limit for login start and token exchange: requests per IP per 10 minutes, each. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Rate limit for POST /contact: messages per IP per hour. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * The secret of an ePayment webhook registered by hand. Unset (normal): the server registers
   * `${PUBLIC_URL}/api/vipps/webhooks` itself and keeps the secret in the `settings` table.
   */
  VIPPS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Rate limits for POST /api/vipps/payment: payment starts per user, and per IP, per minute. */
  PAYMENT_START_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PAYMENT_START_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Photo uploads (and replacements) per admin per hour (issue 41). */
  PHOTO_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Rate limit for POST /api/users/children: children added per user per hour. */
  CHILD_ADD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Webhook deliveries that fail signature verification: per IP per minute, per instance, before 429. */
  WEBHOOK_FAILURE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Rate limit for POST /api/invites: invites per user per hour. */
  INVITE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Invite e-mails to one address per 24 hours, from all senders together (issue 36 finding 8). */
  INVITE_RECIPIENT_LIMIT: z.coerce.number().int().min(1).default(3),
  /** How long an invite link works, in days (shown to the owner). */
  INVITE_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /**
   * The settings slice 'waitlist' starts from these until an admin first changes it (/admin/innstillinger, decision 054):
   * how long an offered place is held, in hours; the shorter hold when the course starts within 3 days (or has started);
   * the returning swimmers' priority window an admin starts from, in days.
   */
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(24),
  WAITLIST_SHORT_OFFER_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(6),
  WAITLIST_PRIORITY_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** How often the waitlist job passes on expired offers and offers freed places, in ms. */
  WAITLIST_JOB_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
  /**
   * Retention (issue 39): a child's data is deleted this many months after the end of the child's last course (or its
   * registration, if it never booked); a guardian with nothing left, this long after the last login or registration.
   */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Health notes go sooner: this many days after the child's last course ends. */
  HEALTH_NOTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The guardian's warning e-mail (with a keep link) goes this many days before the account is deleted. */
  RETENTION_WARNING_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /**
   * Enrolment night's waiting room (issue 37, decision 041). Families let in per minute per opening (an admin may
   * change it live for one opening), and at most this many inside at once (admitted, not yet started a payment).
   */
  QUEUE_ADMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  QUEUE_MAX_ACTIVE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** How long an admitted family has to start a payment, in minutes. */
  QUEUE_ADMIT_MINUTES: z.coerce.number().min(0.1).max(120).default(10),
  /** How long after an opening its line governs booking (unless every course is full before), in minutes. */
  QUEUE_GATE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
  /** How often each instance runs the admission job, in ms. */
  QUEUE_JOB_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** The shortest pace at which a waiting page asks for its position, in ms (the server may ask for a slower one). */
  QUEUE_POLL_MS: z.coerce.number().int().min(200).max(60_000).default(2_000),
  /** Seed of the pre-opening draw (tests, the bench); unset: a random seed per opening, kept on its row. */
  QUEUE_SHUFFLE_SEED: z.string().min(1).max(100).optional(),
  /** How often the retention job looks whether a day has passed since its last run, in ms. */
  RETENTION_JOB_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  /**
   * The settings slice 'closures' starts from these until an admin first changes it (decision 054): days a family has
   * to choose make-up, refund or credit for a cancelled date; minutes between a closure's confirmation and the
   * families' e-mails ('Angre' until then); the default for a date nobody chose for.
   */
  DATE_CHOICE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  CLOSURE_UNDO_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(10),
  /** How often each instance looks for cancelled dates due to be announced, in ms. */
  CLOSURE_JOB_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  DATE_CHOICE_DEFAULT: z.enum(['credit', 'refund']).default('credit'),
  /** The settings slice 'credit' starts from this: a family credit expires this many months after it was given. */
  CREDIT_MONTHS: z.coerce.number().int().min(1).max(60).default(12),
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
