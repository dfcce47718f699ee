import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime, personFields } from './common';
import { retentionSettingsSchema } from './care';

/** GET /api/vipps/login?returnTo=/path: returnTo must be a relative path on this site; anything else becomes '/'. */
export const loginStartQuerySchema = z.object({ returnTo: z.string().optional() });
export const loginStartResponseSchema = z.object({ loginUrl: z.string().url() });

/** GET /api/vipps/token{search}: the query the login-return page received from Vipps, passed on unchanged. */
export const loginTokenQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(1024).optional(),
  scope: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
/** The product's own session (`Authorization: Bearer <id_token>`); `access_token` only keeps the spec's shape. */
export const sessionTokenSchema = z.object({
  id_token: z.string(),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the session ends (12 h at issue). */
  expires_in: z.number().int(),
  /** Where the login started (a relative path), '/' by default. */
  returnTo: z.string(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** Spec §3 User, as GET /api/users/me returns it. `phone` is MSISDN: country prefix first (4791234567). */
export const currentUserSchema = z.object({
  ...personFields,
  birthdate: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Multi-line; the first line is the street. */
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  place: z.string().nullable(),
  roles: z.array(z.string()),
  lastLogin: isoDateTime.nullable(),
  registrationDate: isoDateTime,
  /** The profiles (families) the user is a guardian of; the first is the one they own, if any. */
  profileIds: z.array(idSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/config: what the web needs to know at run time. */
export const appConfigSchema = z.object({
  /** Vipps is the local simulator: show a 'testmodus' banner. */
  vippsTestMode: z.boolean(),
  appVersion: z.string(),
  /** How long data is kept (issue 39): the privacy page and /profil say what the retention job does. */
  retention: retentionSettingsSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;
