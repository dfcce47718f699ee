import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimulator, SIM_DEFAULTS, type VippsSimulator } from './simulator';

/** buildSimulator() mounts Login and ePayment on one base URL, as Vipps serves them from one host. */
describe('buildSimulator', () => {
  let sim: VippsSimulator;
  beforeAll(async () => {
    sim = await buildSimulator();
  });
  afterAll(() => sim.close());

  it('serves Login discovery and the ePayment access token with the default test credentials', async () => {
    const discovery = await sim.inject({ method: 'GET', url: '/access-management-1.0/access/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    const token = await sim.inject({
      method: 'POST',
      url: '/accesstoken/get',
      headers: {
        client_id: SIM_DEFAULTS.clientId,
        client_secret: SIM_DEFAULTS.clientSecret,
        'ocp-apim-subscription-key': SIM_DEFAULTS.subscriptionKey,
        'merchant-serial-number': SIM_DEFAULTS.merchantSerialNumber,
      },
    });
    expect(token.statusCode).toBe(200);
    expect(token.json().access_token).toBeTruthy();
    expect(sim.simulator.epayment).toBeDefined();
  });

  it('can leave the ePayment side out', async () => {
    const loginOnly = await buildSimulator({ epayment: false });
    try {
      expect((await loginOnly.inject({ method: 'POST', url: '/accesstoken/get' })).statusCode).toBe(404);
    } finally {
      await loginOnly.close();
    }
  });
});
