/**
 * Test support (import from *.test.ts only): the ePayment simulator on a loopback port, a client pointed at it, and
 * the browser's part of the landing page. Real HTTP both ways, as in production.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { epaymentSimulator, type EpaymentSimulatorControl, type EpaymentSimulatorOptions } from '@app/vipps-sim';
import { createEpaymentClient, type EpaymentClient, type EpaymentClientOptions } from '../integrations/vipps/epayment/client';

export const TEST_VIPPS_CREDENTIALS = {
  clientId: 'test-client-id',
  clientSecret: 'test-client-secret',
  subscriptionKey: 'test-subscription-key',
  merchantSerialNumber: '223344',
} as const;

export interface TestEpaymentSimulator {
  app: FastifyInstance;
  baseUrl: string;
  control: EpaymentSimulatorControl;
  /** Client options for this simulator; spread and override in a test. */
  clientOptions: EpaymentClientOptions;
  client(overrides?: Partial<EpaymentClientOptions>): EpaymentClient;
  close(): Promise<void>;
}

export async function startTestEpaymentSimulator(
  options: Partial<EpaymentSimulatorOptions> = {},
): Promise<TestEpaymentSimulator> {
  const app = Fastify();
  let control: EpaymentSimulatorControl | undefined;
  await app.register(epaymentSimulator, {
    ...TEST_VIPPS_CREDENTIALS,
    ...options,
    webhooks: { retryBaseDelayMs: 5, retryMaxDelayMs: 40, ...options.webhooks },
    onControl: (c) => {
      control = c;
      options.onControl?.(c);
    },
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const clientOptions: EpaymentClientOptions = {
    baseUrl: `${baseUrl}/`,
    ...TEST_VIPPS_CREDENTIALS,
    systemName: 'babysvomming',
    systemVersion: '1.0.0',
    timeoutMs: 5000,
  };
  return {
    app,
    baseUrl,
    control: control!,
    clientOptions,
    client: (overrides = {}) => createEpaymentClient({ ...clientOptions, ...overrides }),
    close: () => app.close(),
  };
}

/** Presses "Betal" or "Avbryt" on the landing page like a browser without JavaScript; returns the 303's Location. */
export async function submitLandingPage(redirectUrl: string, button: 'Betal' | 'Avbryt'): Promise<string> {
  const page = await fetch(redirectUrl);
  if (page.status !== 200) throw new Error(`landing page answered ${page.status}`);
  const html = await page.text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)];
  const action = forms.find((m) => m[2] === button)?.[1];
  if (!action) throw new Error(`no '${button}' button on the landing page`);
  const res = await fetch(new URL(action, redirectUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`landing form answered ${res.status}`);
  return location;
}
