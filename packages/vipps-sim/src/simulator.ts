import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEMO_PERSONS } from '@app/shared';
import { epaymentSimulator, type EpaymentSimulatorControl, type EpaymentSimulatorOptions } from './epayment';
import { createSigningKeys } from './login/keys';
import { loginRoutes, type LoginHooks } from './login/login.routes';

/** Well-known test credentials: the product and `npm start -w packages/vipps-sim` agree on them without setup. */
export const SIM_DEFAULTS = {
  clientId: 'babysvomming-testmodus',
  clientSecret: 'testmodus-hemmelighet-ikke-for-produksjon',
  subscriptionKey: 'testmodus-abonnementsnokkel',
  merchantSerialNumber: '123456',
  redirectUris: ['http://localhost:3000/vipps/login-redirect'],
  clientName: 'Babysvømming',
} as const;

export interface SimulatorOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs, matched exactly. */
  redirectUris?: string[];
  /** The merchant's name on the login page. */
  clientName?: string;
  /** Clock in ms, for expiry tests. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** The ePayment side (same credentials; subscription key and MSN default to SIM_DEFAULTS); false leaves it out. */
  epayment?: Partial<EpaymentSimulatorOptions> | false;
}

export interface SimulatorControls {
  /** Mutable: flip for negative tests. */
  hooks: LoginHooks;
  /** Set when the ePayment side is served. */
  epayment: EpaymentSimulatorControl | undefined;
}

export type VippsSimulator = FastifyInstance & { simulator: SimulatorControls };

/** The Vipps simulator as a Fastify app without listen(): the caller (server.ts, a test, main.ts) owns the port. */
export async function buildSimulator(options: SimulatorOptions = {}): Promise<VippsSimulator> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024 });
  // Forms and the token endpoint are form-encoded; handlers read URLSearchParams so repeated keys stay visible.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  const clientId = options.clientId ?? SIM_DEFAULTS.clientId;
  const clientSecret = options.clientSecret ?? SIM_DEFAULTS.clientSecret;
  const controls: SimulatorControls = { hooks: { signWithForeignKey: false, wrongNonce: false }, epayment: undefined };
  app.decorate('simulator', controls);
  // Browsers ask every origin for a favicon; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', (_request, reply) => reply.status(204).send());

  await app.register(loginRoutes, {
    client: {
      clientId,
      clientSecret,
      redirectUris: options.redirectUris ?? [...SIM_DEFAULTS.redirectUris],
      name: options.clientName ?? SIM_DEFAULTS.clientName,
    },
    persons: DEMO_PERSONS,
    keys: await createSigningKeys(),
    hooks: controls.hooks,
    now: options.now ?? Date.now,
  });
  if (options.epayment !== false) {
    const epayment = options.epayment ?? {};
    await app.register(epaymentSimulator, {
      clientId,
      clientSecret,
      subscriptionKey: SIM_DEFAULTS.subscriptionKey,
      merchantSerialNumber: SIM_DEFAULTS.merchantSerialNumber,
      ...epayment,
      onControl: (control) => {
        controls.epayment = control;
        epayment.onControl?.(control);
      },
    });
  }
  return app as unknown as VippsSimulator;
}
