import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { feedSecret } from './feed-secret';

/** Issue 52, I2: the feed's secret is derived with a key of its own, not from SESSION_SECRET. */
describe('the calendar feed key', () => {
  const at = new Date('2027-01-04T08:00:00.000Z');
  const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...vars });
  const feedKey = 'feed-key-0123456789abcdef0123456789abcdef';

  it('rotating SESSION_SECRET (everybody logged out) leaves the feed addresses as they are', () => {
    const before = feedSecret(env({ SESSION_SECRET: 'a'.repeat(32), CALENDAR_FEED_KEY: feedKey }), 'p1', at);
    const after = feedSecret(env({ SESSION_SECRET: 'b'.repeat(32), CALENDAR_FEED_KEY: feedKey }), 'p1', at);
    expect(after).toBe(before);
  });

  it('rotating CALENDAR_FEED_KEY gives every family a new address', () => {
    const before = feedSecret(env({ SESSION_SECRET: 'a'.repeat(32), CALENDAR_FEED_KEY: feedKey }), 'p1', at);
    const after = feedSecret(env({ SESSION_SECRET: 'a'.repeat(32), CALENDAR_FEED_KEY: `${feedKey}-2` }), 'p1', at);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a CALENDAR_FEED_KEY shorter than 32 characters, as SESSION_SECRET', () => {
    expect(() => env({ CALENDAR_FEED_KEY: 'too short' })).toThrow(/CALENDAR_FEED_KEY/);
  });
});
