import { createHmac, randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../context';
import type { Env } from '../../env';
import { hashSecret } from '../../lib/secret-link';
import * as changes from '../../repos/changes.repo';

/**
 * The family calendar feed's secret: HMAC with its own key (CALENDAR_FEED_KEY, never SESSION_SECRET) over the family
 * and the feed row's time, so /profil can show the address again; only its hash is stored. Rotating the key changes
 * every family's address (old ones answer 404 until /profil makes a new one).
 */
const FALLBACK_FEED_KEY = randomBytes(32);

export function feedSecret(env: Pick<Env, 'CALENDAR_FEED_KEY'>, profileId: string, createdAt: Date): string {
  // Without CALENDAR_FEED_KEY (a dev server) the key lives as long as the process; familyFeed then makes a new address.
  return createHmac('sha256', env.CALENDAR_FEED_KEY ?? FALLBACK_FEED_KEY).update(`feed:${profileId}:${createdAt.getTime()}`).digest('base64url');
}

/** The stored feed's secret, or undefined when the family has none (or the key has changed since it was made). */
export async function currentFeedSecret(ctx: ServiceContext, profileId: string): Promise<string | undefined> {
  const existing = await changes.findFeedOfProfile(ctx.db, profileId);
  const secret = existing && feedSecret(ctx.env, profileId, existing.createdAt);
  return secret && hashSecret(secret) === existing.secretHash ? secret : undefined;
}

/** A new address for the family's feed, in the caller's transaction: the old one answers 404 at once. Its secret. */
export async function renewFeedAddress(ctx: ServiceContext, profileId: string): Promise<string> {
  // Whole milliseconds (the stored time is the secret's input), and never the same as the previous one.
  const previous = await changes.findFeedOfProfile(ctx.db, profileId);
  const now = new Date(Math.max(ctx.clock.now().getTime(), (previous?.createdAt.getTime() ?? 0) + 1));
  const secret = feedSecret(ctx.env, profileId, now);
  await changes.upsertFeed(ctx.db, profileId, hashSecret(secret), now);
  return secret;
}
