import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './db/seed';
import { parseEnv } from './env';
import { startVippsTestMode } from './integrations/vipps/test-mode';
import { startWorkers } from './workers';

/** Owns the port, the background workers and a clean shutdown: SIGTERM drains requests, then stops workers. */
async function main() {
  // No Vipps credentials: the simulator starts here (its own port) and env points at it.
  const vipps = await startVippsTestMode(parseEnv(), { info: (msg) => console.log(msg) });
  const env = vipps.env;
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  if (env.SEED_DEMO_DATA === 'true') await seedDemoDataIfEmpty(database.db);

  const app = await buildApp({
    env,
    db: database.db,
    serveWeb: true,
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });
  const workers = startWorkers({ db: database.db, env, log: app.log });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await workers.stop();
    await vipps.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  const shown = address.replace('127.0.0.1', 'localhost');
  app.log.info(`site ready at ${shown} (database: ${database.kind})`);
  if (!process.stdout.isTTY || env.LOG_LEVEL !== 'silent') console.log(`\n  Nettstedet kjører på ${shown}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
