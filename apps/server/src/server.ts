import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { backupFileName, PID_FILE } from './db/backup';
import { openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './db/seed';
import { parseEnv } from './env';
import { startVippsTestMode } from './integrations/vipps/test-mode';
import { loggerOptions } from './logging';
import { startWorkers } from './workers';

const SHUTDOWN_DEADLINE_MS = 25_000;

/** Before the logger exists: plain text on a terminal, a pino-shaped JSON line otherwise (log collectors). */
const say = (msg: string) =>
  process.stdout.isTTY ? console.log(msg) : process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);

/** Owns the port, the background workers and a clean shutdown: SIGTERM drains requests, then stops workers. */
async function main() {
  // Whatever this process writes (the pid file, backups, PGlite's new files) is the server user's alone (probe M2).
  process.umask(0o077);
  // No Vipps credentials: the simulator starts here (its own port) and env points at it.
  const vipps = await startVippsTestMode(parseEnv(), { info: say });
  const env = vipps.env;
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    waitMs: env.DATABASE_WAIT_MS,
    lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    keepConnections: true,
  });
  if (env.SEED_DEMO_DATA === 'true') await seedDemoDataIfEmpty(database.db);
  const learned = await vipps.learnPayments(database.db);
  if (learned) say(`Vipps testmodus: simulatoren kjenner ${learned} betalinger fra databasen`);

  const app = await buildApp({
    env,
    db: database.db,
    serveWeb: true,
    listen: database.listen,
    logger: loggerOptions(env.LOG_LEVEL),
  });
  const workers = startWorkers({ db: database.db, env, log: app.log, payments: app.payments });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // Below the usual 30 s grace of orchestrators, so a stuck request ends in our log, not in a SIGKILL.
    const deadline = setTimeout(() => {
      app.log.error({ afterMs: Date.now() - started }, 'shutdown deadline passed: exiting with requests or jobs unfinished');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // Requests and background jobs finish side by side; the database closes after both.
      await Promise.all([app.close(), workers.stop().then(() => app.log.info('workers stopped'))]);
      await vipps.close();
      await database.close();
      app.log.info({ signal, ms: Date.now() - started }, 'shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // PGlite backups (decision 044): `npm run backup` sends SIGUSR2 to the pid in DATA_DIR; the dump is taken between queries.
  const pidFile = database.backup ? path.join(env.DATA_DIR, PID_FILE) : undefined;
  if (database.backup && pidFile) {
    const backup = database.backup.bind(database);
    writeFileSync(pidFile, String(process.pid));
    let backingUp = false;
    process.on('SIGUSR2', () => {
      if (backingUp) return;
      backingUp = true;
      const file = path.resolve(env.BACKUP_DIR, backupFileName('pglite'));
      const started = Date.now();
      backup(file)
        .then(() => app.log.info({ file, ms: Date.now() - started }, 'backup written'))
        .catch((err: unknown) => app.log.error({ err, file }, 'backup failed'))
        .finally(() => (backingUp = false));
    });
    process.on('exit', () => rmSync(pidFile, { force: true }));
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  // The ePayment webhook (its secret is shared through the database); a worker retries if Vipps is unreachable now.
  app.payments
    .ensureWebhook()
    .then((outcome) => app.log.info({ outcome, url: app.payments.webhookUrl }, 'vipps webhook'))
    .catch((err: unknown) => app.log.warn({ err }, 'vipps webhook registration failed; retrying later'));
  const shown = address.replace('127.0.0.1', 'localhost');
  app.log.info(`site ready at ${shown} (database: ${database.kind})`);
  if (process.stdout.isTTY) console.log(`\n  Nettstedet kjører på ${shown}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
