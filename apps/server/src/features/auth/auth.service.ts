import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { AppConfig, CurrentUser, loginTokenQuerySchema, SessionList, SessionToken } from '@app/shared';
import { appVersion } from '../../app-version';
import { signedIn, type ServiceContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { retentionSettings, type Env } from '../../env';
import { isUniqueViolation } from '../../db/errors';
import { newLoginAttempt, VippsLoginError, type VippsLoginClient, type VippsUserInfo } from '../../integrations/vipps/login';
import { loginRedirectUri } from '../../integrations/vipps/test-mode';
import { AppError } from '../../lib/app-error';
import type { Sessions } from '../../plugins/auth';
import * as profiles from '../../repos/profiles.repo';
import * as system from '../../repos/system.repo';
import * as users from '../../repos/users.repo';
import { describeDevice } from './device';
import { sameBrowser } from './login-browser';
import { safeReturnTo } from './return-to';
import { namesMatch, parseAdminPhones, userFieldsFrom } from './vipps-user';

/** A login attempt lives this long between "Logg inn" and the return from Vipps. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

/** What logging in needs beside the ServiceContext: the Vipps Login client and the session tokens. */
export interface LoginProviders {
  /** null when Vipps Login is not configured (no VIPPS_BASE_URL). */
  vipps: VippsLoginClient | null;
  sessions: Sessions;
}

const requireVipps = (login: LoginProviders): VippsLoginClient => {
  if (!login.vipps) throw new AppError('LOGIN_PROVIDER_UNAVAILABLE', 'Vipps Login is not configured');
  return login.vipps;
};

/** GET /vipps/login: a fresh state/nonce/PKCE attempt stored server-side, and the Vipps URL to send the browser to. */
export async function startLogin(
  ctx: ServiceContext,
  login: LoginProviders,
  returnTo: string | undefined,
  browserHash: string,
): Promise<{ loginUrl: string }> {
  const now = ctx.clock.now();
  const vipps = requireVipps(login);
  const attempt = await newLoginAttempt();
  let url: URL;
  try {
    url = await vipps.authorizationUrl({
      redirectUri: loginRedirectUri(ctx.env),
      state: attempt.state,
      nonce: attempt.nonce,
      codeChallenge: attempt.codeChallenge,
    });
  } catch (err) {
    ctx.log.error({ err }, 'Vipps Login discovery failed');
    throw new AppError('LOGIN_PROVIDER_UNAVAILABLE', 'Vipps Login is unavailable');
  }
  await system.deleteExpiredAuthStates(ctx.db, now);
  await system.insertAuthState(ctx.db, {
    state: attempt.state,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    returnTo: safeReturnTo(returnTo),
    browserHash,
    expiresAt: new Date(now.getTime() + LOGIN_ATTEMPT_TTL_MS),
  });
  return { loginUrl: url.toString() };
}

/** GET /vipps/token: the state is spent first; nothing is written until Vipps' answer passed every check. */
export async function completeLogin(
  ctx: ServiceContext,
  login: LoginProviders,
  query: z.infer<typeof loginTokenQuerySchema>,
  browser: { cookie: string | undefined; userAgent: string | undefined },
): Promise<SessionToken> {
  const now = ctx.clock.now();
  if (!query.state) throw new AppError('LOGIN_STATE_INVALID', 'Missing state');
  const attempt = await system.consumeAuthState(ctx.db, query.state);
  if (!attempt || attempt.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('LOGIN_STATE_INVALID', 'Login attempt unknown, expired or already used');
  }
  // Login CSRF: a return link opened in another browser. The state is spent either way.
  if (!sameBrowser(attempt.browserHash, browser.cookie)) {
    ctx.log.warn('login return refused: started in another browser');
    throw new AppError('LOGIN_BROWSER_MISMATCH', 'This login was started in another browser');
  }
  if (query.error) {
    throw new AppError('LOGIN_PROVIDER_ERROR', /^[a-z0-9_]{1,100}$/.test(query.error) ? query.error : 'unknown_error');
  }
  if (!query.code) throw new AppError('LOGIN_FAILED', 'Missing code');
  const vipps = requireVipps(login);

  const currentUrl = new URL(loginRedirectUri(ctx.env));
  currentUrl.searchParams.set('code', query.code);
  currentUrl.searchParams.set('state', query.state);
  if (query.scope) currentUrl.searchParams.set('scope', query.scope);

  let result: { sub: string; userInfo: VippsUserInfo };
  try {
    result = await vipps.completeLogin({
      currentUrl,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    });
  } catch (err) {
    if (err instanceof VippsLoginError && err.kind === 'rejected') {
      ctx.log.warn({ err: { message: err.message, cause: (err.cause as Error | undefined)?.message } }, 'Vipps login rejected');
      throw new AppError('LOGIN_FAILED', 'Login could not be verified');
    }
    ctx.log.error({ err }, 'Vipps Login unavailable');
    throw new AppError('LOGIN_PROVIDER_UNAVAILABLE', 'Vipps Login is unavailable');
  }

  const userId = await upsertVippsUser(ctx.db, ctx.log, result.sub, result.userInfo, parseAdminPhones(ctx.env.ADMIN_PHONE_NUMBERS), now);
  const session = await login.sessions.issue(userId, { userAgent: browser.userAgent });
  return {
    id_token: session.token,
    // Not a credential: the spec's session has an access token, but Vipps' never leaves the server.
    access_token: randomBytes(32).toString('base64url'),
    token_type: 'Bearer',
    expires_in: session.expiresIn,
    returnTo: attempt.returnTo,
  };
}

/** The logger a link is reported to (the request's, in production). */
export interface LinkLog {
  info(obj: Record<string, unknown>, msg: string): void;
}

/** The Vipps person's user: by `sub`, else the one unlinked user with that verified e-mail and name, never by phone (032). */
export async function upsertVippsUser(
  db: Db,
  log: LinkLog,
  sub: string,
  info: VippsUserInfo,
  adminPhones: Set<string>,
  now = new Date(),
): Promise<string> {
  const attempt = () => db.transaction((tx) => upsertInTx(tx, log, sub, info, adminPhones, now));
  try {
    return await attempt();
  } catch (err) {
    // Two first logins of the same person at once: the loser hits users_vipps_sub_key and finds the winner's row.
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}

/** The settings key that records the one grant of a listed admin number. */
export const adminGrantKey = (phone: string) => `admin-phone-grant:${phone}`;

/** The name Vipps gave, for the columns that keep it (nothing when Vipps gave none). */
const vippsName = (fields: { firstName: string; lastName: string }) =>
  fields.firstName || fields.lastName ? { vippsFirstName: fields.firstName, vippsLastName: fields.lastName } : {};

async function upsertInTx(tx: DbOrTx, log: LinkLog, sub: string, info: VippsUserInfo, adminPhones: Set<string>, now: Date): Promise<string> {
  const fields = userFieldsFrom(info);

  let user = await users.findUserBySub(tx, sub);
  if (!user && fields.email && fields.emailVerified) {
    const byEmail = await users.findUnlinkedUsersByEmail(tx, fields.email);
    if (byEmail.length === 1 && namesMatch(byEmail[0]!, fields)) {
      user = byEmail[0];
      // Both identities, so a wrong link can be found and undone.
      log.info({ userId: user!.id, vippsSub: sub, previousVippsSub: user!.vippsSub, via: 'email' }, 'Vipps login linked to an existing user');
    }
  }

  if (!user) {
    user = await users.insertUser(tx, {
      vippsSub: sub,
      firstName: fields.firstName,
      lastName: fields.lastName,
      ...vippsName(fields),
      birthdate: fields.birthdate,
      email: fields.email,
      emailVerified: fields.email !== null && fields.emailVerified,
      phone: fields.phone,
      address: fields.address,
      zipCode: fields.zipCode,
      place: fields.place,
      roles: ['parent'],
      lastLogin: now,
    });
    await profiles.createOwnProfile(tx, user.id);
  } else {
    // Names and birth date may have been edited on the site: Vipps only fills them in when empty.
    await users.updateUser(tx, user.id, {
      vippsSub: sub,
      lastLogin: now,
      firstName: user.firstName || fields.firstName,
      lastName: user.lastName || fields.lastName,
      // The name Vipps gives is kept beside the editable one, renewed at every login (L5).
      ...vippsName(fields),
      birthdate: user.birthdate ?? fields.birthdate,
      // The address and whether Vipps has verified it travel together.
      ...(fields.email ? { email: fields.email, emailVerified: fields.emailVerified } : {}),
      phone: fields.phone ?? user.phone,
      address: fields.address ?? user.address,
      zipCode: fields.zipCode ?? user.zipCode,
      place: fields.place ?? user.place,
    });
    // Every guardian has a family to book for; one without any (e.g. created by an admin) gets one now.
    if ((await profiles.listProfileIdsOf(tx, user.id)).length === 0) await profiles.createOwnProfile(tx, user.id);
  }

  if (fields.phone !== null && adminPhones.has(fields.phone)) await bootstrapAdmin(tx, log, user, sub, fields.phone, now);
  return user.id;
}

/** ADMIN_PHONE_NUMBERS grants admin once per number, to the first identity with it, so a demotion sticks. */
async function bootstrapAdmin(tx: DbOrTx, log: LinkLog, user: users.UserRow, sub: string, phone: string, now: Date): Promise<void> {
  const claimed = await system.claimSetting(tx, adminGrantKey(phone), { vippsSub: sub, userId: user.id, grantedAt: now.toISOString() });
  if (!claimed) return;
  const fresh = (await users.findUserById(tx, user.id))!;
  if (!fresh.roles.includes('admin')) await users.updateUser(tx, user.id, { roles: [...fresh.roles, 'admin'] });
  log.info({ userId: user.id, vippsSub: sub, alreadyAdmin: fresh.roles.includes('admin') }, 'admin role granted from ADMIN_PHONE_NUMBERS (once per number)');
}

/** GET /users/me */
export async function currentUser(ctx: ServiceContext, loaded?: { user: users.UserRow; profileIds: string[] }): Promise<CurrentUser> {
  const viewer = signedIn(ctx);
  // Normally read with the session check (the route's config.sessionUser): no query here.
  const [user, profileIds] =
    loaded && loaded.user.id === viewer.id
      ? [loaded.user, loaded.profileIds]
      : await Promise.all([users.findUserById(ctx.db, viewer.id), profiles.listProfileIdsOf(ctx.db, viewer.id)]);
  if (!user) throw new AppError('UNAUTHENTICATED', 'User no longer exists');
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    birthdate: user.birthdate,
    email: user.email,
    phone: user.phone,
    address: user.address,
    zipCode: user.zipCode,
    place: user.place,
    roles: user.roles,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    registrationDate: user.registrationDate.toISOString(),
    profileIds,
  };
}

// ---- sessions -------------------------------------------------------------------------------------------------

/** GET /users/me/sessions: the viewer's live sessions, the one asking (`currentSessionId`) marked. */
export async function listSessions(ctx: ServiceContext, currentSessionId: string | null): Promise<SessionList> {
  const viewer = signedIn(ctx);
  const rows = await system.listLiveSessions(ctx.db, viewer.id, ctx.clock.now());
  return {
    sessions: rows.map((row) => ({
      _id: row.id,
      device: describeDevice(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
    })),
  };
}

/** DELETE /users/me/sessions/current (logout) and DELETE /users/me/sessions ('Logg ut overalt'). */
export async function endSessions(ctx: ServiceContext, which: { sessionId: string } | 'all'): Promise<{ ended: number }> {
  const viewer = signedIn(ctx);
  const ended = await system.endSessions(ctx.db, viewer.id, ctx.clock.now(), which === 'all' ? undefined : which.sessionId);
  ctx.log.info({ userId: viewer.id, ended, all: which === 'all' }, which === 'all' ? 'all sessions ended by the user' : 'session ended (logout)');
  return { ended };
}

/** GET /config: run-time facts for the whole page frame (test-mode banner, app version, retention texts). */
export function appConfig(env: Env): AppConfig {
  return { vippsTestMode: env.vippsTestMode, appVersion: appVersion(), retention: retentionSettings(env) };
}
