import { buildSimulator, SIM_DEFAULTS } from './simulator';

/** Runs the simulator alone (`npm start -w packages/vipps-sim`), for a server with VIPPS_BASE_URL and SIM_DEFAULTS. */
const host = process.env.VIPPS_SIM_HOST ?? '127.0.0.1';
const port = Number(process.env.VIPPS_SIM_PORT ?? 3001);
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const redirectUris = process.env.VIPPS_SIM_REDIRECT_URIS?.split(',').map((s) => s.trim()).filter(Boolean) ?? [
  `${publicUrl}/vipps/login-redirect`,
];

const app = await buildSimulator({
  clientId: process.env.VIPPS_CLIENT_ID ?? SIM_DEFAULTS.clientId,
  clientSecret: process.env.VIPPS_CLIENT_SECRET ?? SIM_DEFAULTS.clientSecret,
  redirectUris,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
const address = await app.listen({ host, port });
console.log(`\n  Vipps (testmodus) kjører på ${address}\n  Registrerte redirect-URIer: ${redirectUris.join(', ')}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
