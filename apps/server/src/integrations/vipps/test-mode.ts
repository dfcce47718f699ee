import type { KnownPayment } from '@app/vipps-sim';
import type { DbOrTx } from '../../db/client';
import type { Env } from '../../env';
import { vippsPaymentEvents } from '../../repos/orders.repo';

export interface VippsTestMode {
  /** The env the app should use: in test mode it points at the simulator with its credentials. */
  env: Env;
  /** The simulator's base URL in test mode. */
  simulatorUrl: string | undefined;
  /** The simulator (in memory) learns the database's Vipps payments, so seeded and pre-restart orders work (decision 046). */
  learnPayments(db: DbOrTx): Promise<number>;
  close(): Promise<void>;
}

const learnNothing = async () => 0;

/** The database's Vipps payments as the simulator takes them: each order's recorded events, in time order. */
async function knownPayments(db: DbOrTx): Promise<KnownPayment[]> {
  const byReference = new Map<string, KnownPayment>();
  for (const e of await vippsPaymentEvents(db)) {
    let payment = byReference.get(e.reference);
    if (!payment) byReference.set(e.reference, (payment = { reference: e.reference, events: [] }));
    payment.events.push({ name: e.name as KnownPayment['events'][number]['name'], amount: e.amountOre, pspReference: e.pspReference, timestamp: e.timestamp.toISOString() });
  }
  return [...byReference.values()];
}

export const loginRedirectUri = (env: Pick<Env, 'PUBLIC_URL'>) => `${env.PUBLIC_URL.replace(/\/+$/, '')}/vipps/login-redirect`;

/**
 * No Vipps credentials: start the simulator in this process (real HTTP on 127.0.0.1:VIPPS_SIM_PORT), or, with
 * VIPPS_BASE_URL set, use a simulator started elsewhere with the default credentials.
 */
export async function startVippsTestMode(env: Env, log: { info(msg: string): void }): Promise<VippsTestMode> {
  if (!env.vippsTestMode) return { env, simulatorUrl: undefined, learnPayments: learnNothing, close: async () => undefined };
  // Loaded only in test mode: a production server never loads the simulator.
  const { buildSimulator, SIM_DEFAULTS } = await import('@app/vipps-sim');
  const credentials = {
    VIPPS_CLIENT_ID: SIM_DEFAULTS.clientId,
    VIPPS_CLIENT_SECRET: SIM_DEFAULTS.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: SIM_DEFAULTS.subscriptionKey,
    VIPPS_MERCHANT_SERIAL_NUMBER: SIM_DEFAULTS.merchantSerialNumber,
  };
  if (env.VIPPS_BASE_URL) {
    log.info(`Vipps testmodus: bruker simulatoren på ${env.VIPPS_BASE_URL}`);
    return { env: { ...env, ...credentials }, simulatorUrl: env.VIPPS_BASE_URL, learnPayments: learnNothing, close: async () => undefined };
  }
  const simulator = await buildSimulator({
    clientId: credentials.VIPPS_CLIENT_ID,
    clientSecret: credentials.VIPPS_CLIENT_SECRET,
    redirectUris: [loginRedirectUri(env)],
    clientName: env.site.companyName,
    logger: { level: env.LOG_LEVEL === 'silent' ? 'silent' : 'warn' },
  });
  const port = env.VIPPS_SIM_PORT ?? (env.PORT ? env.PORT + 1 : 0);
  await simulator.listen({ host: '127.0.0.1', port });
  const address = simulator.server.address();
  const simulatorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  log.info(`Vipps testmodus: simulatoren kjører på ${simulatorUrl}`);
  return {
    env: { ...env, ...credentials, VIPPS_BASE_URL: simulatorUrl },
    simulatorUrl,
    learnPayments: async (db) => simulator.simulator.epayment!.learn(await knownPayments(db)),
    close: () => simulator.close(),
  };
}
