#!/usr/bin/env node
/**
 * `npm run test:e2e:pg [-- playwright args]`: the E2E suite on PostgreSQL, as production runs (issue 54, decision 051).
 * Makes a fresh database with a random name on TEST_DATABASE_URL's server (default the machine's own,
 * postgres://postgres@127.0.0.1:5432/postgres), runs Playwright with E2E_DATABASE_URL pointing at it (two server
 * instances behind bench/proxy.mjs, see e2e/playwright.config.ts), and drops the database afterwards, also when a
 * test fails or the run is stopped. Needs `npm run build` first (the web build; the server is built by the config).
 *
 * With no arguments it runs the booking (and payment), waitlist and waiting-room specs on the phone; arguments replace
 * that choice, e.g. `npm run test:e2e:pg -- specs/queue --project=phone`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_ARGS = ['specs/booking', 'specs/waitlist', 'specs/queue', '--project=phone'];
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function onServer(sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await onServer(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;
console.log(`E2E on PostgreSQL: database ${name} on ${databaseUrl.host}, two instances behind the loopback proxy`);

const args = process.argv.slice(2);
const child = spawn('npx', ['playwright', 'test', ...(args.length ? args : DEFAULT_ARGS)], {
  cwd: path.join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, E2E_DATABASE_URL: databaseUrl.toString() },
});
// Ctrl-C reaches Playwright too (same process group); this process waits for it and then drops the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
try {
  await onServer(`drop database if exists ${name} with (force)`);
} catch (err) {
  console.error(`could not drop database ${name}: ${err.message}`);
}
process.exit(code);
