import { buildSimulator, SIM_DEFAULTS, type VippsSimulator } from '@app/vipps-sim';
import { createTestApp, type TestContext } from '../app';

export const SESSION_SECRET = 'security-tests-session-secret-0123456789abcdef';

/**
 * The app on a fresh database, talking to a Vipps simulator on an ephemeral port (so login start and payment
 * routes answer as in production), with rate limits raised unless the test is about them.
 */
export async function createSecurityApp(envOverrides: Record<string, string> = {}): Promise<TestContext & { sim: VippsSimulator }> {
  const sim = await buildSimulator({
    clientId: SIM_DEFAULTS.clientId,
    clientSecret: SIM_DEFAULTS.clientSecret,
    redirectUris: ['http://localhost:3000/vipps/login-redirect'],
    logger: false,
  });
  const simUrl = (await sim.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const ctx = await createTestApp({
    VIPPS_BASE_URL: simUrl,
    VIPPS_CLIENT_ID: SIM_DEFAULTS.clientId,
    VIPPS_CLIENT_SECRET: SIM_DEFAULTS.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: SIM_DEFAULTS.subscriptionKey,
    VIPPS_MERCHANT_SERIAL_NUMBER: SIM_DEFAULTS.merchantSerialNumber,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET,
    LOGIN_RATE_LIMIT: '100000',
    CONTACT_RATE_LIMIT: '100000',
    CHILD_ADD_RATE_LIMIT: '100000',
    WEBHOOK_FAILURE_RATE_LIMIT: '100000',
    // The E2E suite's test-only route is mounted, so the matrix and the hostile-input test cover it (decision 052).
    E2E_TEST_ENDPOINTS: '1',
    ...envOverrides,
  });
  return {
    ...ctx,
    sim,
    async close() {
      await ctx.close();
      await sim.close();
    },
  };
}
