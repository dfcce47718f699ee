// Start-up time and memory of the server: `node scripts/measure-start.mjs [runs] [port]`.
// Starts the server the way production does (compiled output, `npm run build` first) and the old way (tsx
// transpiling at start), each `runs` times on one demo database (seeded by a warm-up start), and reports the time
// from spawn until GET /api/health answers 200, and the process's resident memory (RSS) then and 5 s later.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const port = Number(process.argv[3] ?? 3314);
const dataDir = mkdtempSync(path.join(tmpdir(), 'measure-start-'));

const variants = {
  'compiled (node --enable-source-maps dist/server.js)': ['--enable-source-maps', 'apps/server/dist/server.js'],
  'tsx at start (node --import tsx src/server.ts)': ['--import', 'tsx', 'apps/server/src/server.ts'],
};

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) / 1024;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startOnce(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', VIPPS_TEST_MODE: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await sleep(10);
    }
    const ms = performance.now() - started;
    const rssReady = rssMb(child.pid);
    await sleep(5_000);
    return { ms, rssReady, rssLater: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await startOnce(['apps/server/dist/server.js']); // warm-up: migrates and seeds the demo data
  for (const [name, args] of Object.entries(variants)) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await startOnce(args));
    const f = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
    console.log(
      `${name}: until /api/health answers ${f(results.map((r) => r.ms))} ms; RSS then ${f(results.map((r) => r.rssReady))} MB, ` +
        `5 s later ${f(results.map((r) => r.rssLater))} MB  [median (min–max) of ${runs}]`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
