import { z } from 'zod';
import { siteConfigFromEnv, type SiteConfig } from '@app/shared';

/** Parsed once at start-up; a bad value stops the server with a list of what is wrong (convention 4). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Load demo data when the database is empty. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  ADMIN_PHONE_NUMBERS: z.string().default(''),
  VIPPS_BASE_URL: z.string().url().optional(),
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  VIPPS_MERCHANT_SERIAL_NUMBER: z.string().optional(),
  /** Rate limit for POST /contact: messages per IP per hour. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
});

export type Env = z.infer<typeof envSchema> & { site: SiteConfig };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.data, site: siteConfigFromEnv(source) };
}
