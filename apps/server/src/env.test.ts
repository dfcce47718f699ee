import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

/** Test mode is said out loud in production (issue 36 finding 9, open-issues-decisions "Tests and CI"). */
describe('Vipps test mode', () => {
  const credentials = {
    VIPPS_BASE_URL: 'https://apitest.vipps.no',
    VIPPS_CLIENT_ID: 'id',
    VIPPS_CLIENT_SECRET: 'secret',
    VIPPS_SUBSCRIPTION_KEY: 'key',
    VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
  };

  it('refuses to start in production with neither Vipps credentials nor VIPPS_TEST_MODE=1', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/VIPPS_TEST_MODE=1/);
    expect(() => parseEnv({ NODE_ENV: 'production', VIPPS_TEST_MODE: '0' })).toThrow(/VIPPS_TEST_MODE=1/);
  });

  it('starts in production on the simulator when test mode is set, or with the credentials', () => {
    expect(parseEnv({ NODE_ENV: 'production', VIPPS_TEST_MODE: '1' }).vippsTestMode).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', ...credentials }).vippsTestMode).toBe(false);
  });

  it('keeps development and tests in test mode without the setting', () => {
    expect(parseEnv({}).vippsTestMode).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).vippsTestMode).toBe(true);
  });
});

describe('PUBLIC_URL', () => {
  it('is this machine at PORT when unset, so a site started on another port logs in and pays there', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '3400' }).PUBLIC_URL).toBe('http://localhost:3400');
    expect(parseEnv({ PORT: '3400' }).site.siteUrl).toBe('http://localhost:3400');
    expect(parseEnv({ PORT: '3400', PUBLIC_URL: 'https://plask.example.no' }).PUBLIC_URL).toBe('https://plask.example.no');
  });
});
