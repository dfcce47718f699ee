#!/usr/bin/env node
/**
 * `npm run bench`: performance budgets on a large, realistic data set (not part of `npm test`).
 *
 *  1. web build (only if apps/web/dist is missing), a fresh database (a new database on TEST_DATABASE_URL /
 *     DATABASE_URL's server, else PGlite in a temp dir), bench/seed.ts fills it (50 venues, 2,000 courses,
 *     20,000 children, 50,000 orders);
 *  2. the production server (server.ts) on loopback, and a bare Fastify hello-world for reference;
 *  3. gzip size of the JS and CSS the first load of /, /kurs and /kurs/{slug} needs (what the browser fetched);
 *  4. Lighthouse (mobile preset) on /, /kurs, /kurs/{slug} and /profil logged in, for two target phones (issue 43): before
 *     each run a probe reads this host's benchmarkIndex, and the run's CPU slowdown is index ÷ the phone's index (never
 *     below 1), so a page scores the same on a fast and a slow host. 5 runs per page and phone, each run's index and
 *     multiplier printed; each budgeted figure is the median of its runs;
 *  5. the API under load from another process (autocannon): /api/places, /api/places/{id}/courses, /api/users/me
 *     at 10, 50 and 200 connections, each against the hello-world; at 50 also the course list's answer (headers and
 *     compressed body) sent again by the hello-world server, the ceiling of the ratio on this machine;
 *  6. the booking burst: 200 concurrent payment starts for the last 5 places;
 *  6b. the back office as one admin and as ten: payment statistics over the last year (counted in SQL over 50,000
 *     orders), the user search over 20,000 users (trigram index), the first orders page;
 *  7. enrolment night (decision 017): a fresh database with a new season (60 courses of 6–10 places), two server
 *     instances behind a loopback round-robin proxy (bench/proxy.mjs), one Vipps simulator, and 2,000 signed-in
 *     parents (bench/enrolment.mjs) arriving within 2 minutes, most in the first 10 seconds;
 *  8. bench/results/latest.md and latest.json (and each page's median run per phone, Lighthouse's computeMedianRun, as
 *     lighthouse-{phone}-{page}.json), with machine info and each budget's pass/fail (issue 43's table);
 *     every budget is printed, and the exit code is 1 when one fails (or could not be measured).
 *
 * The database: a new one on TEST_DATABASE_URL's (or DATABASE_URL's) server when it answers, else PGlite in a temp
 * dir; the report says which. Enrolment night needs PostgreSQL (two processes on one database).
 *
 * Env: BENCH_RUNS (Lighthouse runs per page, 5), BENCH_DURATION (seconds per load run, 8), BENCH_SCALE (1),
 * BENCH_ONLY or BENCH_SKIP (comma lists of: lighthouse, load, backoffice, burst, enrolment), BENCH_KEEP_DB=1,
 * BENCH_PAGES (Lighthouse on these pages only, a comma list of paths as the report names them: /,/kurs/{slug},/profil),
 * BENCH_ENROLMENT_PARENTS (2000; the courses scale with it: 60 per 2,000 parents, at least 6),
 * BENCH_ENROLMENT_TIME_SCALE (1: 10 s peak within 120 s; 0.1 squeezes both ten times),
 * BENCH_SERVER_ENV (a JSON object of settings for every server instance: the B side of an A/B).
 * One section at small scale: BENCH_ONLY=enrolment BENCH_ENROLMENT_PARENTS=200 npm run bench
 *  9. faults (issue 42, decision 044): the same enrolment night, with the simulator's merchant API down for
 *     BENCH_FAULT_VIPPS_S (30) seconds from the middle of the peak, and one PostgreSQL restart after it (every
 *     connection ended, none accepted for 2 s), then a rolling restart of both instances (SIGTERM, a new one on its
 *     port); reports places sold vs available, lost payments, double charges,
 *     children enrolled without payment, and the time until every order is settled. Needs PostgreSQL.
 *     Small: BENCH_ONLY=faults BENCH_ENROLMENT_PARENTS=100 BENCH_ENROLMENT_TIME_SCALE=0.2 npm run bench
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps/web/dist');
const resultsDir = path.join(root, 'bench/results');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * The phones Lighthouse plays (issue 43), by their benchmarkIndex: Chrome DevTools' calibration puts a Pixel 5 at about
 * 1,000; a Moto G Power class phone is about 264.
 */
const PHONES = [
  { name: 'mid-tier', index: 1000 },
  { name: 'low-tier', index: 264 },
];
const PAGES = new Set((process.env.BENCH_PAGES ?? '').split(',').filter(Boolean));
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const SECTIONS = ['lighthouse', 'load', 'backoffice', 'burst', 'enrolment', 'faults'];
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const SKIP = new Set([...(process.env.BENCH_SKIP ?? '').split(',').filter(Boolean), ...(ONLY.size ? SECTIONS.filter((x) => !ONLY.has(x)) : [])]);
const ENROLMENT_PARENTS = Number(process.env.BENCH_ENROLMENT_PARENTS ?? 2000);
const ENROLMENT_COURSES = Math.max(6, Math.round((60 * ENROLMENT_PARENTS) / 2000));
const ENROLMENT_TIME_SCALE = Number(process.env.BENCH_ENROLMENT_TIME_SCALE ?? 1);
/** The quiet evening before the night (issue 37): this many parents, one every 300 ms, no line. */
/**
 * Enrolment night's floor: a static file the instances serve (no database, no session), asked through the proxy
 * during the night. Its p99 is how long any answer waits behind the night's other work on this machine: context for
 * the position answer's ratio, not a budget.
 */
const FLOOR_PATH = '/favicon.svg';
const ENROLMENT_QUIET_PARENTS = Math.min(30, Math.max(5, Math.round(ENROLMENT_PARENTS / 20)));
/** The opening moment within the peak (0.5: half-way through its 10 s). */
const PEAK_OPENING_SHARE = 0.5;
const SECRET = `bench-${randomBytes(24).toString('hex')}`;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

// ---- helpers ----------------------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stderr.slice(-2000)}`))));
  });
}

async function waitFor(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

// ---- database ---------------------------------------------------------------------------------------------

/** Whether the PostgreSQL server at `url` answers (within 5 s). */
async function reachable(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    log(`PostgreSQL at ${new URL(url).host} does not answer: ${err.message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let databaseChoice;
/** PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) names one that answers, else PGlite; asked once per run. */
async function chooseDatabase() {
  if (databaseChoice) return databaseChoice;
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) databaseChoice = { kind: 'pglite', why: 'TEST_DATABASE_URL is not set' };
  else if (await reachable(adminUrl)) databaseChoice = { kind: 'postgres', adminUrl, why: `TEST_DATABASE_URL's server ${new URL(adminUrl).host}` };
  else databaseChoice = { kind: 'pglite', why: `TEST_DATABASE_URL's server ${new URL(adminUrl).host} did not answer` };
  log(`database: ${databaseChoice.kind} (${databaseChoice.why})`);
  return databaseChoice;
}

async function createDatabase() {
  const choice = await chooseDatabase();
  const adminUrl = choice.adminUrl;
  if (choice.kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import('pg');
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    async query(text, params) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    async dispose() {
      if (process.env.BENCH_KEEP_DB === '1') return log(`kept database ${name}`);
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** Count live holds on a course; on PGlite only while no server has the directory open. */
async function liveHolds(db, courseId) {
  const text = `select count(*)::int as n from orders where course_id = $1 and status = 'created' and hold_expires_at > now()`;
  if (db.kind === 'postgres') return (await db.query(text, [courseId]))[0].n;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(db.env.DATA_DIR);
  try {
    return (await client.query(text, [courseId])).rows[0].n;
  } finally {
    await client.close();
  }
}

// ---- processes --------------------------------------------------------------------------------------------

async function startAppServer(db, port, extraEnv = {}) {
  const simPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    // No Vipps credentials: the simulator, said out loud (a production server refuses to start otherwise).
    VIPPS_TEST_MODE: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    VIPPS_SIM_PORT: String(simPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: SECRET,
    SEED_DEMO_DATA: 'false',
    // The production default: every request is logged (to /dev/null here), so its cost is in the numbers.
    LOG_LEVEL: 'info',
    // One machine is every parent here: the per-IP limits would measure the limiter, not the server.
    PAYMENT_START_IP_RATE_LIMIT: '1000000',
    PAYMENT_START_RATE_LIMIT: '1000',
    ...db.env,
    ...extraEnv,
    // An A/B of a mechanism with a switch (issue 43): e.g. BENCH_SERVER_ENV='{"SESSION_CACHE_TTL_MS":"0"}'.
    ...JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}'),
  };
  // The server as production runs it: compiled, no transpiler (built just before, so it is the current source).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${stderr.slice(-2000)}`, { cause: err });
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function startHello(port) {
  const child = spawn(process.execPath, ['bench/hello.mjs', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await waitFor(`http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

const SAME_ANSWER = 'the same answer from the bare hello-world server';

/** Gives the hello-world server one of the product's answers, as a browser gets it, to send again; returns its URL. */
async function replayAnswer(hello, target) {
  // node:http, not fetch: fetch would decode the compressed body, and the answer's bytes as sent are wanted.
  const answer = await new Promise((resolve, reject) => {
    http
      .get(target.url, { headers: target.headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  if (answer.status !== 200) throw new Error(`${target.url}: ${answer.status}`);
  const framing = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !framing.has(name)));
  const url = new URL('/same-answer', hello.url).toString();
  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ headers, bodyBase64: answer.body.toString('base64') }),
  });
  if (!put.ok) throw new Error(`hello-world /same-answer: ${put.status}`);
  return url;
}

async function load(url, connections, headers = {}) {
  // A short warm-up (JIT, connection pool), then the measured run.
  await run(process.execPath, ['bench/load.mjs', JSON.stringify({ url, connections, duration: 2, headers })]);
  const out = await run(process.execPath, ['bench/load.mjs', JSON.stringify({ url, connections, duration: DURATION, headers })]);
  return JSON.parse(out.trim().split('\n').at(-1));
}

// ---- front end --------------------------------------------------------------------------------------------

/** gzip sizes of the same-origin JS and CSS a page load fetched (from Lighthouse's network requests). */
function firstLoadSizes(requests, origin) {
  const files = { js: [], css: [] };
  for (const r of requests) {
    if (!r.url.startsWith(origin)) continue;
    const kind = r.resourceType === 'Script' ? 'js' : r.resourceType === 'Stylesheet' ? 'css' : null;
    if (!kind) continue;
    const file = path.join(distDir, new URL(r.url).pathname);
    if (!existsSync(file)) continue;
    const raw = readFileSync(file);
    files[kind].push({ file: path.relative(distDir, file), raw: raw.length, gzip: gzipSync(raw).length, transfer: r.transferSize });
  }
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  return { jsGzip: sum(files.js, 'gzip'), cssGzip: sum(files.css, 'gzip'), jsRaw: sum(files.js, 'raw'), transfer: sum(files.js, 'transfer') + sum(files.css, 'transfer'), files };
}

/** Without a browser: the entry chunk of index.html, the app it loads (main.tsx), their static imports and CSS (Vite manifest). */
function manifestEntrySizes() {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) return null;
  const seen = new Set();
  const css = new Set();
  const walk = (chunk) => {
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const key of chunk.imports ?? []) if (manifest[key]) walk(manifest[key]);
  };
  walk(entry);
  if (manifest['src/main.tsx']) walk(manifest['src/main.tsx']);
  const gz = (f) => gzipSync(readFileSync(path.join(distDir, f))).length;
  return { jsGzip: [...seen].reduce((n, f) => n + gz(f), 0), cssGzip: [...css].reduce((n, f) => n + gz(f), 0), files: [...seen, ...css] };
}

async function lighthouseRuns(pages) {
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    for (const phone of PHONES) {
      results[phone.name] = {};
      for (const page of pages) {
        try {
          results[phone.name][page.name] = await lighthousePage(page, phone);
        } catch (err) {
          results.failed ??= [];
          results.failed.push(`${phone.name} ${page.name}: ${err.message}`);
          log(`lighthouse ${phone.name} ${page.name} failed: ${err.message}`);
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;

  /** This host's benchmarkIndex now, as Lighthouse computes it at the start of a run (a second in a blank tab). */
  async function probeIndex() {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const tab = await browser.newPage();
      const index = await tab.evaluate(pageFunctions.computeBenchmarkIndex);
      await tab.close();
      return Math.round(index);
    } finally {
      await browser.disconnect();
    }
  }

  async function lighthouseOnce(page, flags) {
    if (!page.session) return lighthouse(page.url, flags);
    // Logged in: the web keeps its session in localStorage; set it, and keep it through Lighthouse's run.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const tab = await browser.newPage();
      await tab.goto(new URL('/', page.url).toString(), { waitUntil: 'load' });
      await tab.evaluate((value) => localStorage.setItem('plask:session', value), JSON.stringify(page.session));
      try {
        return await lighthouse(page.url, { ...flags, disableStorageReset: true }, undefined, tab);
      } finally {
        // The browser keeps localStorage across tabs and Lighthouse's own reset does not clear it: a session left here
        // would make every later visitor's run a logged-in user's (a visitor's public page runs no app, decision 045).
        await tab.evaluate(() => localStorage.removeItem('plask:session')).catch(() => undefined);
        await tab.close();
      }
    } finally {
      await browser.disconnect();
    }
  }

  async function lighthousePage(page, phone) {
    const runs = [];
    const calibration = [];
    for (let i = 0; i < RUNS; i++) {
      const hostIndex = await probeIndex();
      const multiplier = Math.max(1, Math.round((hostIndex / phone.index) * 100) / 100);
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier },
      };
      let result;
      try {
        result = await lighthouseOnce(page, flags);
      } catch (err) {
        log(`lighthouse ${page.name}: ${err.message}`);
      }
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // Lighthouse's own hiccups (NO_NAVSTART, a lost trace) happen on busy machines: try the run again.
        const why = lhr?.runtimeError ? `${lhr.runtimeError.code}` : 'no result';
        if ((page.retries = (page.retries ?? 0) + 1) > 3) throw new Error(`${page.url}: ${why} (after 3 retries)`);
        log(`lighthouse ${page.name}: ${why}, again`);
        i -= 1;
        continue;
      }
      runs.push(lhr);
      calibration.push({ hostIndex, multiplier, runIndex: lhr.environment?.benchmarkIndex });
      log(
        `lighthouse ${phone.name} ${page.name} run ${i + 1}/${RUNS}: performance ${Math.round(lhr.categories.performance.score * 100)}, ` +
          `TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms, LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms, ` +
          `benchmarkIndex ${hostIndex} → CPU × ${multiplier} (Lighthouse's own reading ${lhr.environment?.benchmarkIndex ?? '?'})`,
      );
    }
    const perRun = (id) => runs.map((r) => r.audits[id]?.numericValue ?? NaN);
    const scores = runs.map((r) => Math.round(r.categories.performance.score * 100));
    log(`lighthouse ${phone.name} ${page.name}: median of ${runs.length} runs ${median(scores)}`);
    // Each budgeted figure is the median of its own runs, so one outlier run cannot pass or fail a budget. The report
    // kept whole is Lighthouse's own representative run (computeMedianRun: nearest the median FCP and TTI), for a look
    // at its details (Lighthouse's viewer opens it); accessibility, best practices and SEO come from it.
    const lhr = computeMedianRun(runs);
    const lhrFile = path.join(resultsDir, `lighthouse-${phone.name}-${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(lhrFile, JSON.stringify(lhr));
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const [lcpRuns, fcpRuns, tbtRuns] = ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time'].map((id) => perRun(id).map(Math.round));
    return {
      url: page.url,
      performance: median(scores),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      performanceRuns: scores,
      benchmarkIndexRuns: calibration.map((c) => c.hostIndex),
      multiplierRuns: calibration.map((c) => c.multiplier),
      lcpRuns,
      tbtRuns,
      lcpMs: median(lcpRuns),
      fcpMs: median(fcpRuns),
      tbtMs: median(tbtRuns),
      cls: Math.round(median(perRun('cumulative-layout-shift')) * 1000) / 1000,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
      sizes: firstLoadSizes(lhr.audits['network-requests']?.details?.items ?? [], new URL(page.url).origin),
      finalUrl: lhr.finalDisplayedUrl,
    };
  }
}

// ---- enrolment night --------------------------------------------------------------------------------------

// Where the machine's time goes (Linux /proc; null elsewhere): one process's CPU seconds, and the machine's ticks.
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
function machineTicks() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}
const busyShare = (from, to) => (from && to && to.total > from.total ? 1 - (to.idle - from.idle) / (to.total - from.total) : null);

/**
 * Issue 11 item 4: the season opens. A fresh database with the season's courses and parents, one Vipps simulator,
 * two production servers behind the round-robin proxy, the parents from their own process; then the database is
 * asked what was sold. Needs PostgreSQL: PGlite is one process.
 */
/** The enrolment night's CPU, in one sentence: what each of our processes used, what the rest of the machine did. */
function cpuLine(cpu) {
  if (cpu.machineBusySeconds === null) return 'CPU: not measured (no /proc).';
  const seconds = (v) => (v === null || v === undefined ? '?' : `${v.toFixed(1)} s`);
  const named = Object.entries(cpu.seconds).map(([name, v]) => `${name} ${seconds(v)}`).join(', ');
  const rest = cpu.machineBusySeconds - Object.values(cpu.seconds).reduce((a, v) => a + (v ?? 0), 0);
  return `CPU while the parents ran (${cpu.cores} cores): ${named}; everything else (PostgreSQL, the kernel, other services) ${seconds(rest)}. The machine was busy ${Math.round(100 * cpu.machineBusy)} % of the time, ${Math.round(100 * cpu.busiest10s)} % in its busiest 10 s.`;
}

/**
 * Enrolment night's stage, shared by the enrolment and faults sections: the seeded season and parents, one Vipps
 * simulator (a payment made through one instance is read through the other, as Vipps is one), two instances and the
 * loopback proxy in front of them. What it starts goes into `stops`; the instances stopped are those running at the end
 * (a rolling restart replaces them in `instances`).
 */
async function setUpNight(db, stops, section) {
  log(`${section}: seeding ${ENROLMENT_COURSES} courses and ${ENROLMENT_PARENTS} signed-in parents`);
  const seedOut = await run(process.execPath, ['--import', 'tsx', 'bench/enrolment-seed.ts'], {
    env: { ...process.env, DATABASE_URL: db.env.DATABASE_URL, BENCH_SESSION_SECRET: SECRET, ENROLMENT_PARENTS: String(ENROLMENT_PARENTS), ENROLMENT_COURSES: String(ENROLMENT_COURSES) },
  });
  const seed = JSON.parse(seedOut.trim().split('\n').at(-1));
  const simPort = await freePort();
  const sim = spawn(process.execPath, ['--import', 'tsx', 'packages/vipps-sim/src/main.ts'], {
    cwd: root,
    env: { ...process.env, VIPPS_SIM_PORT: String(simPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stops.push(() => new Promise((resolve) => (sim.once('exit', resolve), sim.kill('SIGTERM'))));
  const simUrl = `http://127.0.0.1:${simPort}`;
  await waitFor(`${simUrl}/access-management-1.0/access/.well-known/openid-configuration`);

  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const instanceEnv = {
    PUBLIC_URL: proxyUrl,
    VIPPS_BASE_URL: simUrl,
    // The proxy is on loopback: its X-Forwarded-For (each parent's own address) counts for the per-IP limits.
    TRUST_PROXY: 'loopback',
    PAYMENT_START_IP_RATE_LIMIT: '120',
    PAYMENT_START_RATE_LIMIT: '10',
  };
  const instances = [];
  for (let i = 0; i < 2; i++) instances.push(await startAppServer(db, await freePort(), instanceEnv));
  stops.push(() => Promise.all(instances.map((x) => x.stop())));
  const proxy = spawn(process.execPath, ['bench/proxy.mjs', String(proxyPort), ...instances.map((x) => x.url)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  stops.push(() => new Promise((resolve) => (proxy.once('exit', resolve), proxy.kill('SIGTERM'))));
  await waitFor(`${proxyUrl}/api/health`);
  return { seed, simUrl, proxyUrl, instances, instanceEnv, pids: { proxy: proxy.pid, sim: sim.pid } };
}

async function enrolmentNight(choice) {
  if (choice.kind !== 'postgres') {
    log(`enrolment night: not run, it needs PostgreSQL (${choice.why})`);
    return { notRun: `needs PostgreSQL; ${choice.why}` };
  }
  const db = await createDatabase();
  const stops = [];
  try {
    const { seed, proxyUrl, instances, pids } = await setUpNight(db, stops, 'enrolment night');
    log(`enrolment night: 2 instances behind ${proxyUrl}, ${seed.placesAvailable} places in ${seed.courses.length} courses, ${seed.parents.length} parents over ${Math.round(120 * ENROLMENT_TIME_SCALE)} s (peak ${Math.round(10 * ENROLMENT_TIME_SCALE)} s)`);

    // The reference: a bare hello-world on the same machine, asked by the parents' process during the night.
    const hello = await startHello(await freePort());
    stops.push(() => hello.stop());

    // A quiet evening first (issue 37): a few parents one after another, no opening time, so no line; their steps'
    // p99 are what the admitted parents' steps are compared with.
    const quietDir = mkdtempSync(path.join(os.tmpdir(), 'bench-enrolment-quiet-'));
    const quietSeed = { ...seed, parents: seed.parents.slice(-ENROLMENT_QUIET_PARENTS) };
    writeFileSync(path.join(quietDir, 'input.json'), JSON.stringify({ url: proxyUrl, seed: quietSeed, timeScale: ENROLMENT_TIME_SCALE, quiet: true }));
    const quiet = JSON.parse((await run(process.execPath, ['bench/enrolment.mjs', path.join(quietDir, 'input.json')])).trim().split('\n').at(-1));
    rmSync(quietDir, { recursive: true, force: true });
    log(`enrolment night: quiet evening first: ${quiet.parents} parents, ${JSON.stringify(quiet.outcomes)}`);

    // The season opens half-way through the peak: the first arrivals wait on the countdown (the random group), the
    // rest queue in arrival order (decision 041).
    const opensAt = Date.now() + 1_000 + Math.round(PEAK_OPENING_SHARE * 10_000 * ENROLMENT_TIME_SCALE);
    await db.query(`update courses set opens_at = to_timestamp(${opensAt / 1000})`);

    const inputFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-enrolment-')), 'input.json');
    writeFileSync(inputFile, JSON.stringify({ url: proxyUrl, seed, timeScale: ENROLMENT_TIME_SCALE, opensAt, helloUrl: hello.url, floorPath: FLOOR_PATH }));
    // The machine's CPU while the parents run: per second (for the busiest 10 s), and per process of ours.
    const ours = { 'server instance 1': instances[0].pid, 'server instance 2': instances[1].pid, proxy: pids.proxy, 'Vipps simulator': pids.sim };
    const cpuBefore = Object.fromEntries(Object.entries(ours).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
    const ticks = [machineTicks()];
    const sampler = setInterval(() => ticks.push(machineTicks()), 1000);
    const out = await run(process.execPath, ['bench/enrolment.mjs', inputFile]).finally(() => clearInterval(sampler));
    ticks.push(machineTicks());
    const cpu = {
      cores: os.cpus().length,
      seconds: Object.fromEntries(Object.entries(ours).map(([name, pid]) => [name, cpuSecondsOf(pid) - cpuBefore[name]])),
      machineBusy: busyShare(ticks[0], ticks.at(-1)),
      // Over the whole run when it was shorter than 10 s.
      busiest10s: Math.max(busyShare(ticks[0], ticks.at(-1)) ?? 0, ...ticks.slice(10).map((t, i) => busyShare(ticks[i], t) ?? 0)),
      machineBusySeconds: ticks[0] && ticks.at(-1) ? (ticks.at(-1).total - ticks.at(-1).idle - ticks[0].total + ticks[0].idle) / CLOCK_TICKS : null,
    };
    rmSync(path.dirname(inputFile), { recursive: true, force: true });
    const result = JSON.parse(out.trim().split('\n').at(-1));

    // Payments still settling (webhooks, capture) finish before the count: until nothing is pending, at most 30 s.
    const pending = `select count(*)::int as n from orders where status = 'authorized' or (status = 'created' and redirect_url is not null and hold_expires_at > now() and exists (select 1 from order_events e where e.order_id = orders.id and e.name = 'AUTHORIZED'))`;
    for (let i = 0; i < 30 && (await db.query(pending))[0].n > 0; i++) await new Promise((r) => setTimeout(r, 1000));
    const [counts] = await db.query(`
      select (select count(*)::int from participants) as sold,
             (select coalesce(sum(maximum_participants), 0)::int from courses) as available,
             (select count(*)::int from (select c.id from courses c join participants p on p.course_id = c.id group by c.id, c.maximum_participants having count(*) > c.maximum_participants) x) as oversold_courses,
             (select coalesce(sum(greatest(n - m, 0)), 0)::int from (select count(*) as n, max(c.maximum_participants) as m from courses c join participants p on p.course_id = c.id group by c.id) y) as oversold_places,
             (select count(*)::int from orders where status = 'created' and hold_expires_at > now()) as live_holds`);
    const [lost] = await db.query(`select count(*)::int as n from orders o where o.status in ('captured', 'authorized') and not exists (select 1 from participants p where p.order_id = o.id)`);
    const orderStatuses = Object.fromEntries((await db.query(`select status, count(*)::int as n from orders group by status order by status`)).map((r) => [r.status, r.n]));
    const fiveXx = Object.entries(result.statuses).filter(([k]) => / (5\d\d|network error)/.test(k)).reduce((n, [, v]) => n + v, 0);
    cpu.seconds["the parents' process"] = result.cpuSeconds;
    // The waiting room's figures (issue 37): fairness (admission order = ticket order), the last place sold after
    // the opening, the longest wait for a decision, the position answer against the bare hello-world.
    const [queue] = await db.query(`
      select (select count(*)::int from queue_tickets) as tickets,
             (select count(*)::int from queue_tickets where admitted_at is not null) as admitted,
             (select count(*)::int from queue_tickets t where t.left_at is null and exists (
                select 1 from queue_tickets u where u.opens_at = t.opens_at and u.sort_key > t.sort_key
                  and u.admitted_at < coalesce(t.admitted_at, 'infinity'::timestamptz))) as unfair,
             (select count(*)::int from queue_tickets where arrived_at < opens_at) as pre_opening_group,
             (select extract(epoch from max(p.created_at) - min(o.opens_at))::float from participants p, queue_openings o) as last_sold_seconds,
             (select count(*)::int from queue_openings where ended_at is not null) as ended`);
    const admittedSteps = {};
    for (const [step, st] of Object.entries(result.steps)) {
      if (step.startsWith('waiting: ') || step.includes('Vipps simulator') || !quiet.steps[step]) continue;
      admittedSteps[step] = { ...st, quietP99: quiet.steps[step].p99, ratio: quiet.steps[step].p99 > 0 ? Math.round((100 * st.p99) / quiet.steps[step].p99) / 100 : null };
    }
    const waitingRoom = {
      ...queue,
      admittedSteps,
      quietParents: quiet.parents,
      position: result.positionAnswers,
      helloWorld: result.helloWorld,
      positionRatio: result.helloWorld.p99 > 0 ? Math.round((100 * result.positionAnswers.p99) / result.helloWorld.p99) / 100 : null,
      floor: result.floor,
      longestDecisionSeconds: Math.round(result.decisionWait.max / 100) / 10,
      noPositionShown: result.noPositionShown,
    };
    log(`enrolment night: waiting room: ${queue.tickets} tickets (${queue.pre_opening_group} drawn at the opening), ${queue.admitted} admitted, ${queue.unfair} admitted out of ticket order; last place sold ${queue.last_sold_seconds?.toFixed(1)} s after the opening; longest wait for a decision ${waitingRoom.longestDecisionSeconds} s`);
    log(`enrolment night: position answer p99 ${result.positionAnswers.p99} ms (n ${result.positionAnswers.count}) vs hello-world p99 ${result.helloWorld.p99} ms: × ${waitingRoom.positionRatio}`);
    log(`enrolment night: the instances' floor (${FLOOR_PATH} through the proxy, every 100 ms): p50 ${result.floor.p50} ms, p99 ${result.floor.p99} ms (n ${result.floor.count})`);
    for (const [step, st] of Object.entries(admittedSteps)) log(`enrolment night: admitted: ${step}: p99 ${st.p99} ms vs quiet ${st.quietP99} ms (× ${st.ratio})`);
    const enrolment = { ...result, waitingRoom, cpu, courses: seed.courses.length, placesAvailable: counts.available, sold: counts.sold, oversoldCourses: counts.oversold_courses, oversoldPlaces: counts.oversold_places, liveHolds: counts.live_holds, lostPayments: lost.n, orderStatuses, fiveXx, timeScale: ENROLMENT_TIME_SCALE };
    log(`enrolment night: sold ${enrolment.sold} of ${enrolment.placesAvailable} places, oversold ${enrolment.oversoldPlaces}, 5xx/network errors ${fiveXx}, outcomes ${JSON.stringify(result.outcomes)}`);
    for (const [step, st] of Object.entries(result.steps)) log(`enrolment night: ${step}: n ${st.count}, p50 ${st.p50} ms, p99 ${st.p99} ms, max ${st.max} ms`);
    log(`enrolment night: 'full' answers: n ${result.courseFullAnswers.count}, p50 ${result.courseFullAnswers.p50} ms, p99 ${result.courseFullAnswers.p99} ms`);
    log(`enrolment night: ${cpuLine(cpu)}`);
    return enrolment;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.dispose();
  }
}

// ---- faults on enrolment night (issue 42) ------------------------------------------------------------------

const FAULT_VIPPS_S = Number(process.env.BENCH_FAULT_VIPPS_S ?? 30);

/** Vipps' record of each payment, read from the simulator as the product reads it (access token, GET payment). */
async function vippsRecords(simUrl, references) {
  const creds = { client_id: 'babysvomming-testmodus', client_secret: 'testmodus-hemmelighet-ikke-for-produksjon', 'Ocp-Apim-Subscription-Key': 'testmodus-abonnementsnokkel' };
  const token = (await (await fetch(`${simUrl}/accesstoken/get`, { method: 'POST', headers: creds })).json()).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'Ocp-Apim-Subscription-Key': creds['Ocp-Apim-Subscription-Key'], 'Merchant-Serial-Number': '123456' };
  const records = new Map();
  for (const reference of references) {
    const res = await fetch(`${simUrl}/epayment/v1/payments/${encodeURIComponent(reference)}`, { headers });
    if (res.ok) records.set(reference, await res.json());
  }
  return records;
}

/**
 * Enrolment night with Vipps down for FAULT_VIPPS_S seconds in the middle of the peak, and one PostgreSQL restart
 * after it. The parents (bench/enrolment.mjs) and the two instances are those of enrolmentNight(); only the faults
 * and the count afterwards are this section's.
 */
async function faultNight(choice) {
  if (choice.kind !== 'postgres') {
    log(`faults: not run, it needs PostgreSQL (${choice.why})`);
    return { notRun: `needs PostgreSQL; ${choice.why}` };
  }
  const db = await createDatabase();
  const dbName = new URL(db.env.DATABASE_URL).pathname.slice(1);
  const stops = [];
  try {
    const { seed, simUrl, proxyUrl, instances, instanceEnv } = await setUpNight(db, stops, 'faults');

    const inputFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-faults-')), 'input.json');
    writeFileSync(inputFile, JSON.stringify({ url: proxyUrl, seed, timeScale: ENROLMENT_TIME_SCALE }));
    const parentsStarted = Date.now();
    const parents = run(process.execPath, ['bench/enrolment.mjs', inputFile]);
    const at = (seconds) => new Promise((r) => setTimeout(r, Math.max(0, parentsStarted + seconds * 1000 - Date.now())));
    const vippsDownAt = 5 * ENROLMENT_TIME_SCALE;
    const timeline = [];
    const faults = (async () => {
      await at(vippsDownAt);
      await fetch(`${simUrl}/simulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'down', durationMs: FAULT_VIPPS_S * 1000 }) });
      timeline.push(`Vipps down at ${vippsDownAt.toFixed(1)} s for ${FAULT_VIPPS_S} s`);
      log(`faults: Vipps down for ${FAULT_VIPPS_S} s`);
      await at(vippsDownAt + FAULT_VIPPS_S + 2);
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: choice.adminUrl });
      await admin.connect();
      await admin.query(`alter database ${dbName} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
      log('faults: PostgreSQL restart (every connection ended, none accepted for 2 s)');
      timeline.push(`PostgreSQL restart at ${((Date.now() - parentsStarted) / 1000).toFixed(1)} s`);
      await new Promise((r) => setTimeout(r, 2000));
      await admin.query(`alter database ${dbName} allow_connections true`);
      await admin.end();
      // A rolling restart (a deploy): each instance in turn gets SIGTERM, finishes what it has, and a new one starts on
      // its port; meanwhile the proxy sends everything to the other one.
      for (const [i, instance] of instances.entries()) {
        const { code, signal } = await instance.stop();
        instances[i] = await startAppServer(db, Number(new URL(instance.url).port), instanceEnv);
        timeline.push(`instance ${i + 1} restarted at ${((Date.now() - parentsStarted) / 1000).toFixed(1)} s (exit ${code ?? signal})`);
      }
      log('faults: rolling restart of both instances done');
    })();
    const out = await parents;
    await faults;
    rmSync(path.dirname(inputFile), { recursive: true, force: true });
    const result = JSON.parse(out.trim().split('\n').at(-1));
    const vippsBackAt = parentsStarted + (vippsDownAt + FAULT_VIPPS_S) * 1000;

    // 'Plassen er holdt av for deg … prøv igjen om litt': the parents told so come back once Vipps answers, and pay.
    const held = await db.query(`select child_id, course_id from orders where status = 'created' and redirect_url is null and hold_expires_at > now()`);
    const byChild = new Map(seed.parents.map((p, i) => [p.childId, { ...p, index: i }]));
    await new Promise((r) => setTimeout(r, Math.max(0, vippsBackAt + 16_000 - Date.now())));
    const cameBack = { paid: 0, failed: 0, reasons: {} };
    await Promise.all(
      held.map(async (h, i) => {
        const p = byChild.get(h.child_id);
        if (!p) return;
        await new Promise((r) => setTimeout(r, i * 20));
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${p.token}`, 'x-forwarded-for': `10.${(p.index >> 16) & 255}.${(p.index >> 8) & 255}.${p.index & 255}` };
        try {
          let res;
          // 'om litt': after the instances' breakers have let a trial call through; a 5xx is tried again twice.
          for (let attempt = 0; attempt < 3; attempt++) {
            if (attempt) await new Promise((r) => setTimeout(r, 2000));
            res = await fetch(`${proxyUrl}/api/vipps/payment`, { method: 'POST', headers, body: JSON.stringify({ userId: p.userId, childId: p.childId, courseId: h.course_id }) });
            if (res.status < 500) break;
          }
          if (res.status !== 200) throw new Error(`payment start ${res.status} ${(await res.json().catch(() => ({}))).error?.code ?? ''}`);
          const { redirectUrl } = await res.json();
          const html = await (await fetch(redirectUrl)).text();
          const action = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)].find((m) => m[2] === 'Betal')?.[1];
          const paid = await fetch(new URL(action, redirectUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
          if (paid.status !== 303) throw new Error(`landing ${paid.status}`);
          cameBack.paid += 1;
        } catch (err) {
          cameBack.failed += 1;
          cameBack.reasons[err.message] = (cameBack.reasons[err.message] ?? 0) + 1;
        }
      }),
    );
    log(`faults: ${held.length} parents with a held place came back after the outage: ${JSON.stringify(cameBack)}`);

    // Until every order is settled: none paid at Vipps and not yet enrolled or released (at most 3 minutes).
    const unsettled = `select count(*)::int as n from orders where status = 'authorized' or (status = 'created' and redirect_url is not null)`;
    let left = (await db.query(unsettled))[0].n;
    for (let i = 0; i < 180 && left > 0; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      left = (await db.query(unsettled))[0].n;
    }
    const settledAfterS = Math.round((Date.now() - vippsBackAt) / 100) / 10;

    const orderRows = await db.query(`select o.reference, o.amount_ore, o.status, (select count(*)::int from participants p where p.order_id = o.id) as places from orders o`);
    const atVipps = await vippsRecords(simUrl, orderRows.map((o) => o.reference));
    let lost = 0;
    let doubleCharged = 0;
    let enrolledWithoutPayment = 0;
    for (const o of orderRows) {
      const v = atVipps.get(o.reference)?.aggregate;
      const authorized = v?.authorizedAmount.value ?? 0;
      const captured = v?.capturedAmount.value ?? 0;
      const released = (v?.cancelledAmount.value ?? 0) + (v?.refundedAmount.value ?? 0);
      if (o.places === 0 && authorized - released > 0) lost += 1;
      if (captured > o.amount_ore) doubleCharged += 1;
      if (o.places > 0 && captured < o.amount_ore) enrolledWithoutPayment += 1;
    }
    const [counts] = await db.query(`
      select (select count(*)::int from participants) as sold,
             (select coalesce(sum(maximum_participants), 0)::int from courses) as available,
             (select coalesce(sum(greatest(n - m, 0)), 0)::int from (select count(*) as n, max(c.maximum_participants) as m from courses c join participants p on p.course_id = c.id group by c.id) y) as oversold_places,
             (select count(*)::int from orders where status = 'created' and hold_expires_at > now()) as live_holds`);
    const simFaults = await (await fetch(`${simUrl}/simulator/faults`)).json();
    const faultsReport = {
      parents: ENROLMENT_PARENTS,
      timeScale: ENROLMENT_TIME_SCALE,
      vippsDownSeconds: FAULT_VIPPS_S,
      timeline,
      placesAvailable: counts.available,
      sold: counts.sold,
      oversoldPlaces: counts.oversold_places,
      liveHolds: counts.live_holds,
      unsettledLeft: left,
      settledAfterVippsBackS: settledAfterS,
      lostPayments: lost,
      doubleCharges: doubleCharged,
      enrolledWithoutPayment,
      droppedWebhooks: simFaults.droppedWebhooks,
      heldDuringOutage: held.length,
      cameBack,
      outcomes: result.outcomes,
      statuses: result.statuses,
    };
    log(`faults: sold ${counts.sold} of ${counts.available} places (live holds ${counts.live_holds}), lost payments ${lost}, double charges ${doubleCharged}, enrolled without payment ${enrolledWithoutPayment}, every order settled ${settledAfterS} s after Vipps came back (${left} left), webhooks lost in the outage ${simFaults.droppedWebhooks}`);
    log(`faults: answers ${JSON.stringify(result.statuses)}`);
    return faultsReport;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.dispose();
  }
}

// ---- main -------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  // Every section serves the app's pages (enrolment night's parents open them too): without the web build they 404.
  if (!existsSync(path.join(distDir, 'index.html'))) {
    log('apps/web/dist is missing: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });

  // The large data set serves every section but enrolment night (which seeds a season of its own).
  const needsMainData = ['lighthouse', 'load', 'backoffice', 'burst'].some((x) => !SKIP.has(x));
  const choice = await chooseDatabase();
  const db = needsMainData ? await createDatabase() : null;
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      database: choice.kind,
      databaseWhy: choice.why,
      serverEnv: process.env.BENCH_SERVER_ENV ?? null,
      chromium: (() => {
        try {
          return execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
        } catch {
          return 'unknown';
        }
      })(),
    },
    data: null,
    sizes: {},
    lighthouse: {},
    api: {},
    backOffice: {},
    burst: null,
    enrolment: null,
    faults: null,
    budgets: [],
    notes: [],
  };
  let server;
  let hello;
  let seed;
  try {
    if (db) {
      log(`seeding a fresh ${db.kind} database`);
      const seedOut = await run(process.execPath, ['--import', 'tsx', 'bench/seed.ts'], {
        env: { ...process.env, ...db.env, BENCH_SESSION_SECRET: SECRET, DATABASE_URL: db.env.DATABASE_URL ?? '' },
      });
      seed = JSON.parse(seedOut.trim().split('\n').at(-1));
      report.data = { ...seed.counts, seedSeconds: seed.seconds, place: seed.place };
      log(`seeded: ${JSON.stringify(seed.counts)} in ${seed.seconds.build + seed.seconds.insert} s`);

      const port = await freePort();
      server = await startAppServer(db, port);
      hello = await startHello(await freePort());
      log(`server on ${server.url}`);

      // ---- sizes and Lighthouse ----
      const pages = [
        { name: '/', url: `${server.url}/` },
        { name: '/kurs', url: `${server.url}/kurs` },
        { name: '/kurs/{slug}', url: `${server.url}/kurs/${encodeURIComponent(seed.place.slug)}` },
        {
          name: '/profil (logged in)',
          url: `${server.url}/profil`,
          session: {
            id_token: seed.profileUser.token,
            access_token: 'bench',
            token_type: 'Bearer',
            expires_at: Date.now() + 11 * 3_600_000,
            id_expires_at: Date.now() + 11 * 3_600_000,
          },
        },
      ];
      report.sizes.manifestEntry = manifestEntrySizes();
      if (!SKIP.has('lighthouse')) {
        try {
          const { failed, ...byPage } = await lighthouseRuns(PAGES.size ? pages.filter((p) => PAGES.has(p.name.split(' ')[0])) : pages);
          report.lighthouse = byPage;
          for (const f of failed ?? []) report.notes.push(`Lighthouse failed on ${f}`);
          // Sizes do not depend on the phone: the mid-tier runs give them.
          for (const [name, r] of Object.entries(report.lighthouse['mid-tier'] ?? {})) report.sizes[name] = { jsGzipKb: kb(r.sizes.jsGzip), cssGzipKb: kb(r.sizes.cssGzip), files: [...r.sizes.files.js, ...r.sizes.files.css].map((f) => `${f.file} ${kb(f.gzip)} KB`) };
        } catch (err) {
          report.notes.push(`Lighthouse failed: ${err.message}`);
          log(`lighthouse failed: ${err.message}`);
        }
      }

      // ---- API under load ----
      if (!SKIP.has('load')) {
        // As a browser asks: it accepts compressed answers (every browser sends Accept-Encoding), and the public
        // lists are kept compressed (decision 017). The hello-world's answer is too small to compress either way.
        const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
        const auth = { ...browser, authorization: `Bearer ${seed.parentToken}` };
        const targets = [
          { name: 'GET /api/places', url: `${server.url}/api/places`, headers: browser },
          { name: 'GET /api/places/{id}/courses', url: `${server.url}/api/places/${seed.place.id}/courses`, headers: browser },
          { name: 'GET /api/users/me', url: `${server.url}/api/users/me`, headers: auth },
        ];
        for (const connections of [10, 50, 200]) {
          const base = await load(hello.url, connections);
          report.api[`hello-world c=${connections}`] = base;
          log(`hello-world c=${connections}: ${Math.round(base.rps)} req/s, p99 ${base.p99} ms`);
          // At 50 also the ceiling of the ratio: the course list's answer (its headers and compressed body) sent by the
          // bare hello-world server, which does no work for it. Context for the budget, not a budget of its own.
          const rows = connections === 50 ? [...targets, { name: SAME_ANSWER, url: await replayAnswer(hello, targets[1]), headers: {} }] : targets;
          for (const t of rows) {
            const r = await load(t.url, connections, t.headers);
            r.rpsRatio = Math.round((r.rps / base.rps) * 1000) / 1000;
            r.p50Ratio = base.p50 ? Math.round((r.p50 / base.p50) * 10) / 10 : null;
            r.p99Ratio = base.p99 ? Math.round((r.p99 / base.p99) * 10) / 10 : null;
            report.api[`${t.name} c=${connections}`] = r;
            log(`${t.name} c=${connections}: ${Math.round(r.rps)} req/s (${Math.round(r.rpsRatio * 100)} % of hello), p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
          }
        }
      }

      // ---- back office (admin) ----
      if (!SKIP.has('backoffice')) {
        const auth = { authorization: `Bearer ${seed.adminToken}` };
        const end = new Date();
        const start = new Date(end.getTime() - 365 * 86_400_000);
        const range = `startDate=${encodeURIComponent(start.toISOString())}&endDate=${encodeURIComponent(end.toISOString())}`;
        const targets = [
          { name: 'GET /api/statistics/payments (last year)', url: `${server.url}/api/statistics/payments?${range}` },
          { name: 'GET /api/search/users (name)', url: `${server.url}/api/search/users?name=hansen&categories=parents,children` },
          { name: 'GET /api/payments (first page)', url: `${server.url}/api/payments?limit=24` },
        ];
        for (const connections of [1, 10]) {
          for (const t of targets) {
            const r = await load(t.url, connections, auth);
            report.backOffice[`${t.name} c=${connections}`] = r;
            log(`${t.name} c=${connections}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
          }
        }
      }

      // ---- booking burst ----
      if (!SKIP.has('burst')) {
        const t0 = performance.now();
        const answers = await Promise.all(
          seed.burst.parents.map(async (p) => {
            try {
              const res = await fetch(`${server.url}/api/vipps/payment`, {
                method: 'POST',
                headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ userId: p.userId, childId: p.childId, courseId: seed.burst.courseId }),
              });
              const body = await res.json().catch(() => ({}));
              return { status: res.status, code: body?.error?.code, ms: performance.now() - t0 };
            } catch (err) {
              return { status: 0, code: err.message, ms: performance.now() - t0 };
            }
          }),
        );
        const byStatus = {};
        for (const a of answers) byStatus[`${a.status}${a.code ? ` ${a.code}` : ''}`] = (byStatus[`${a.status}${a.code ? ` ${a.code}` : ''}`] ?? 0) + 1;
        report.burst = {
          requests: answers.length,
          freePlaces: seed.burst.freePlaces,
          answers: byStatus,
          ok: answers.filter((a) => a.status === 200).length,
          allAnsweredMs: Math.round(Math.max(...answers.map((a) => a.ms))),
          p50Ms: Math.round(median(answers.map((a) => a.ms))),
        };
        log(`burst: ${JSON.stringify(byStatus)} in ${report.burst.allAnsweredMs} ms`);
      }
    }
  } finally {
    await hello?.stop();
    const exit = await server?.stop();
    if (exit && exit.code !== 0) report.notes.push(`server exit after SIGTERM: ${JSON.stringify(exit)}`);
  }
  // After the server stopped: PGlite has one owner at a time.
  if (report.burst) report.burst.holdsInDatabase = await liveHolds(db, seed.burst.courseId);
  await db?.dispose();

  if (!SKIP.has('enrolment')) {
    try {
      report.enrolment = await enrolmentNight(choice);
    } catch (err) {
      report.notes.push(`Enrolment night failed: ${err.message}`);
      log(`enrolment night failed: ${err.stack ?? err.message}`);
    }
  }

  if (!SKIP.has('faults')) {
    try {
      report.faults = await faultNight(choice);
    } catch (err) {
      report.notes.push(`Faults section failed: ${err.message}`);
      log(`faults failed: ${err.stack ?? err.message}`);
    }
  }

  evaluateBudgets(report);
  writeReport(report);
  log(`done in ${Math.round((Date.now() - started) / 1000)} s on ${report.machine.database} (${report.machine.databaseWhy}): bench/results/latest.md`);
  console.log(`\nBudgets (database: ${report.machine.database}; sections skipped: ${[...SKIP].join(', ') || 'none'}${report.machine.serverEnv ? `; server settings ${report.machine.serverEnv}` : ''})`);
  for (const b of report.budgets) console.log(`  ${b.pass ? 'pass' : 'FAIL'}  ${b.name}: ${b.value}${b.unit && typeof b.value === 'number' ? ` ${b.unit}` : ''} (budget ${b.limit})`);
  const failed = report.budgets.filter((b) => b.pass === false);
  if (failed.length) {
    log(`${failed.length} of ${report.budgets.length} budget(s) failed`);
    process.exitCode = 1;
  } else log(`all ${report.budgets.length} budgets pass`);
}

/**
 * Issue 11's budget table, each with pass/fail. A budget whose section did not run, or ran on the wrong database,
 * fails: the bench never passes what it did not measure.
 */
function evaluateBudgets(report) {
  const add = (name, value, limit, pass, unit = '') => report.budgets.push({ name, value, limit, unit, pass });
  const notRun = (name, limit, why) => add(name, `not measured (${why})`, limit, false);
  const publicPages = ['/', '/kurs', '/kurs/{slug}'];
  if (!SKIP.has('lighthouse')) {
    // Issue 43: on the low-tier phone each public page ≥ 90, TBT ≤ 200 ms and LCP ≤ 2.5 s (the real gap); on the
    // mid-tier phone each public page ≥ 98 and /profil ≥ 95, against regressions. Accessibility, best practices and
    // SEO = 100 on the mid-tier runs.
    const limits = {
      'low-tier': { pages: publicPages, perf: () => 90, tbt: 200, lcp: 2500 },
      'mid-tier': { pages: [...publicPages, '/profil (logged in)'], perf: (name) => (name.startsWith('/profil') ? 95 : 98) },
    };
    for (const [phone, limit] of Object.entries(limits)) {
      for (const name of limit.pages) {
        const r = report.lighthouse[phone]?.[name];
        const perfLimit = limit.perf(name);
        const label = `${phone} ${name}`;
        if (!r) {
          notRun(`Lighthouse performance ${label} (median of ${RUNS})`, `≥ ${perfLimit}`, 'Lighthouse failed');
          continue;
        }
        const runs = `median of ${r.performanceRuns.length}; CPU × ${r.multiplierRuns.join(', ')}`;
        add(`Lighthouse performance ${label} (${runs}: ${r.performanceRuns.join(', ')})`, r.performance, `≥ ${perfLimit}`, r.performance >= perfLimit && r.performanceRuns.length >= RUNS);
        if (limit.tbt) add(`TBT ${label} (median of ${r.tbtRuns.length}: ${r.tbtRuns.join(', ')})`, r.tbtMs, `≤ ${limit.tbt} ms`, r.tbtMs <= limit.tbt, 'ms');
        if (limit.lcp) add(`LCP ${label} (median of ${r.lcpRuns.length}: ${r.lcpRuns.join(', ')})`, r.lcpMs, `≤ ${limit.lcp} ms`, r.lcpMs <= limit.lcp, 'ms');
        if (phone === 'mid-tier') {
          add(`Lighthouse accessibility ${name}`, r.accessibility, '= 100', r.accessibility === 100);
          add(`Lighthouse best practices ${name}`, r.bestPractices, '= 100', r.bestPractices === 100);
          add(`Lighthouse SEO ${name}`, r.seo, '= 100', r.seo === 100);
        }
      }
    }
    const rootSizes = report.lighthouse['mid-tier']?.['/']?.sizes ?? report.sizes.manifestEntry;
    if (rootSizes) add('JS for / (gzip)', kb(rootSizes.jsGzip), '≤ 135 KB', kb(rootSizes.jsGzip) <= 135, 'KB');
    else notRun('JS for / (gzip)', '≤ 135 KB', 'no build manifest');
  }
  if (!SKIP.has('load')) {
    // Ratios in the same run (issue 43): the course list against the same answer replayed by the bare server.
    const list = report.api['GET /api/places/{id}/courses c=50'];
    const replay = report.api[`${SAME_ANSWER} c=50`];
    if (list && replay) {
      const rps = Math.round((list.rps / replay.rps) * 100);
      const p99 = Math.round((list.p99 / Math.max(replay.p99, 1)) * 10) / 10;
      const clean = list.non2xx === 0 && list.errors === 0;
      add(`GET /api/places/{id}/courses req/s at c=50 vs the same answer replayed (${Math.round(list.rps)} vs ${Math.round(replay.rps)})`, rps, '≥ 60 %', rps >= 60 && clean, '%');
      add(`GET /api/places/{id}/courses p99 at c=50 ÷ the replay's (${list.p99} vs ${replay.p99} ms)`, p99, '≤ 3', p99 <= 3 && clean);
    } else notRun('GET /api/places/{id}/courses at c=50 vs the replayed answer', '≥ 60 %, p99 ≤ 3×', 'load section failed');
  }
  if (!SKIP.has('backoffice')) {
    const stats = report.backOffice['GET /api/statistics/payments (last year) c=1'];
    if (stats) add('statistics over 50,000 orders p99 (one admin; decision 014)', stats.p99, '< 50 ms', stats.p99 < 50 && stats.non2xx === 0 && stats.errors === 0, 'ms');
  }
  if (!SKIP.has('burst')) {
    const b = report.burst;
    if (b) {
      const onPostgres = report.machine.database === 'postgres';
      const fiveXx = Object.keys(b.answers).filter((k) => /^(5|0)/.test(k));
      add(
        `200 concurrent payment starts on the last 5 places: exactly 5 holds, on PostgreSQL (${report.machine.database}); time reported, not budgeted`,
        `${b.ok} answered 200, ${b.holdsInDatabase} holds, last answer after ${b.allAnsweredMs} ms${fiveXx.length ? `, ${fiveXx.join(', ')}` : ''}`,
        '= 5, postgres',
        onPostgres && b.ok === 5 && b.holdsInDatabase === 5 && fiveXx.length === 0,
      );
    } else notRun('200 concurrent payment starts on the last 5 places', '= 5', 'burst section failed');
  }
  if (!SKIP.has('faults')) {
    const f = report.faults;
    if (!f || f.notRun) notRun('faults: 0 lost payments, 0 double charges, 0 enrolled without payment', '= 0', f?.notRun ?? 'failed');
    else {
      add('faults: lost payments (Vipps down, PostgreSQL restart)', f.lostPayments, '= 0', f.lostPayments === 0);
      add('faults: double charges', f.doubleCharges, '= 0', f.doubleCharges === 0);
      add('faults: children enrolled without payment', f.enrolledWithoutPayment, '= 0', f.enrolledWithoutPayment === 0);
      add('faults: oversold places', f.oversoldPlaces, '= 0', f.oversoldPlaces === 0);
      add('faults: every order settled after Vipps came back', f.unsettledLeft === 0 ? f.settledAfterVippsBackS : `${f.unsettledLeft} unsettled`, '≤ 180 s', f.unsettledLeft === 0, 's');
    }
  }
  if (!SKIP.has('enrolment')) {
    const e = report.enrolment;
    const name = 'enrolment night (waiting room): sold = available, 0 oversold, 0 lost payments, 0 5xx, fair, fast inside';
    if (!e || e.notRun) notRun(name, 'all', e?.notRun ?? 'failed');
    else {
      const w = e.waitingRoom;
      add('enrolment night: places sold = places available', `${e.sold} of ${e.placesAvailable}`, '=', e.sold === e.placesAvailable);
      add('enrolment night: oversold places', e.oversoldPlaces, '= 0', e.oversoldPlaces === 0);
      add('enrolment night: lost payments (paid, not enrolled)', e.lostPayments, '= 0', e.lostPayments === 0);
      add('enrolment night: 5xx answers and network errors', e.fiveXx, '= 0', e.fiveXx === 0);
      // Decision 041 / the shared decisions: the admitted parents' steps as ratios to a quiet evening in the same run.
      for (const [step, st] of Object.entries(w.admittedSteps)) {
        add(`enrolment night, admitted parents p99 ÷ quiet p99: ${step} (${st.p99} ms vs ${st.quietP99} ms, n ${st.count})`, st.ratio, '≤ 3 ×', st.ratio !== null && st.ratio <= 3);
      }
      add(`enrolment night: position answer p99 ÷ hello-world p99 (${w.position.p99} ms vs ${w.helloWorld.p99} ms, n ${w.position.count})`, w.positionRatio, '≤ 2 ×', w.positionRatio !== null && w.positionRatio <= 2);
      add('enrolment night: admitted out of ticket order', w.unfair, '= 0', w.unfair === 0);
      add('enrolment night: every parent ends with a place or \'fullt\' with the waitlist', JSON.stringify(e.outcomes), 'failed 0', e.outcomes.failed === 0);
      add('enrolment night: last place sold after the opening', w.last_sold_seconds === null ? '-' : Math.round(w.last_sold_seconds), '≤ 180 s', w.last_sold_seconds !== null && w.last_sold_seconds <= 180, 's');
      add('enrolment night: longest wait for a decision', w.longestDecisionSeconds, '≤ 600 s', w.longestDecisionSeconds <= 600, 's');
      if (ENROLMENT_PARENTS !== 2000 || ENROLMENT_TIME_SCALE !== 1) {
        add('enrolment night at the issue\'s scale (2,000 parents, 2 minutes)', `${ENROLMENT_PARENTS} parents, time × ${ENROLMENT_TIME_SCALE}`, '2,000, × 1', false);
      }
    }
  }
}

function writeReport(report) {
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const m = report.machine;
  const lines = [];
  lines.push(`# Bench ${report.date}`, '');
  lines.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}, ${m.chromium}.`, '');
  lines.push(`**Database: ${m.database}** (${m.databaseWhy}).`);
  lines.push('Load generator (autocannon) and Chromium share the machine with the server; treat numbers as lower bounds.', '');
  if (report.data) {
    const d = report.data;
    lines.push(`Data: ${d.places} places, ${d.courses} courses, ${d.users} users, ${d.children} children, ${d.orders} orders (${d.orderEvents} events), ${d.participants} participants; place page ${d.place.slug} (${d.place.coursesInWindow} courses in its window). Seeded in ${Math.round(d.seedSeconds.build + d.seedSeconds.insert)} s.`, '');
  }
  lines.push('## Budgets', '', '| budget | value | limit | result |', '|---|---|---|---|');
  for (const b of report.budgets) lines.push(`| ${b.name} | ${b.value}${b.unit && typeof b.value === 'number' ? ` ${b.unit}` : ''} | ${b.limit} | ${b.pass ? 'pass' : '**FAIL**'} |`);
  lines.push('');
  if (Object.keys(report.lighthouse).length) {
    lines.push(
      "## Lighthouse (mobile, simulated throttling, CPU slowdown = this host's benchmarkIndex ÷ the phone's; each figure the median of its runs; a11y, best practices, SEO and sizes from Lighthouse's median run)",
      '',
      '| phone | page | perf (runs) | host benchmarkIndex → CPU × (runs) | a11y | best pr. | SEO | LCP | FCP | TBT | CLS | JS gzip | CSS gzip |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const [phone, pages] of Object.entries(report.lighthouse)) {
      for (const [name, r] of Object.entries(pages)) {
        const calibration = r.benchmarkIndexRuns.map((index, i) => `${index} → ${r.multiplierRuns[i]}`).join(', ');
        lines.push(`| ${phone} | ${name} | ${r.performance} (${r.performanceRuns.join(', ')}) | ${calibration} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} ms | ${r.fcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${kb(r.sizes.jsGzip)} KB | ${kb(r.sizes.cssGzip)} KB |`);
      }
    }
    lines.push('');
    for (const [phone, pages] of Object.entries(report.lighthouse)) {
      for (const [name, r] of Object.entries(pages)) {
        if (r.failedAudits.length) lines.push(`- ${phone} ${name}: failed audits ${r.failedAudits.join(', ')}`);
        if (r.finalUrl && new URL(r.finalUrl).pathname !== new URL(r.url).pathname) lines.push(`- ${phone} ${name}: ended on ${r.finalUrl}`);
      }
    }
    lines.push('');
    lines.push('### First-load files (gzip)', '');
    for (const [name, s] of Object.entries(report.sizes)) if (s?.files && name !== 'manifestEntry') lines.push(`- ${name}: ${s.files.join(', ')}`);
    lines.push('');
  }
  if (Object.keys(report.api).length) {
    lines.push(`## API under load (autocannon, ${DURATION} s per run after a 2 s warm-up)`, '', '| endpoint | connections | req/s | % of hello | p50 | p99 | p99 ÷ hello p99 | non-2xx | errors |', '|---|---|---|---|---|---|---|---|---|');
    for (const [key, r] of Object.entries(report.api)) {
      const [name, c] = key.split(' c=');
      lines.push(`| ${name} | ${c} | ${Math.round(r.rps)} | ${r.rpsRatio ? `${Math.round(r.rpsRatio * 100)} %` : '-'} | ${r.p50} ms | ${r.p99} ms | ${r.p99Ratio ?? '-'} | ${r.non2xx} | ${r.errors} |`);
    }
    lines.push('');
  }
  if (Object.keys(report.backOffice).length) {
    lines.push(`## Back office (admin; autocannon, ${DURATION} s per run after a 2 s warm-up)`, '', '| endpoint | connections | req/s | p50 | p99 | non-2xx | errors |', '|---|---|---|---|---|---|---|');
    for (const [key, r] of Object.entries(report.backOffice)) {
      const [name, c] = key.split(' c=');
      lines.push(`| ${name} | ${c} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} | ${r.errors} |`);
    }
    lines.push('');
  }
  if (report.burst) {
    const b = report.burst;
    lines.push('## Booking burst', '', `${b.requests} concurrent payment starts for the last ${b.freePlaces} places: ${JSON.stringify(b.answers)}; live holds in the database afterwards: ${b.holdsInDatabase}. All answered after ${b.allAnsweredMs} ms (median ${b.p50Ms} ms).`, '');
  } else lines.push('## Booking burst', '', 'not run', '');
  if (report.enrolment && !report.enrolment.notRun) {
    const e = report.enrolment;
    lines.push('## Enrolment night', '', `${e.parents} parents (time × ${e.timeScale}: ${Math.round(10 * e.timeScale)} s peak within ${Math.round(120 * e.timeScale)} s; all done after ${e.seconds} s), two instances behind a round-robin proxy, ${e.courses} courses. Sold ${e.sold} of ${e.placesAvailable} places; oversold ${e.oversoldPlaces}; live holds left ${e.liveHolds}; orders ${JSON.stringify(e.orderStatuses)}; parents ${JSON.stringify(e.outcomes)}; 5xx and network errors ${e.fiveXx}.`, '', '| step | n | p50 | p99 | max |', '|---|---|---|---|---|');
    for (const [step, st] of Object.entries(e.steps)) lines.push(`| ${step} | ${st.count} | ${st.p50} ms | ${st.p99} ms | ${st.max} ms |`);
    lines.push(`| 'full' answers (payment start on a full course) | ${e.courseFullAnswers.count} | ${e.courseFullAnswers.p50} ms | ${e.courseFullAnswers.p99} ms | ${e.courseFullAnswers.max} ms |`, '');
    lines.push(`Answers: ${JSON.stringify(e.statuses)}`, '');
    if (e.errors.length) lines.push(`First errors (${e.errorCount} in all): ${e.errors.slice(0, 10).join('; ')}`, '');
    const w = e.waitingRoom;
    if (w) {
      lines.push(`Waiting room: ${w.tickets} tickets (${w.pre_opening_group} drawn at the opening), ${w.admitted} admitted, ${w.unfair} out of ticket order; line ended: ${w.ended ? 'yes' : 'no'}; last place sold ${w.last_sold_seconds === null ? '-' : Math.round(w.last_sold_seconds)} s after the opening; longest wait for a decision ${w.longestDecisionSeconds} s; position answer p99 ${w.position.p99} ms vs hello-world p99 ${w.helloWorld.p99} ms (× ${w.positionRatio}). The instances' floor, ${FLOOR_PATH} through the proxy every 100 ms: p50 ${w.floor.p50} ms, p99 ${w.floor.p99} ms (n ${w.floor.count}).`, '', '| admitted step | p99 | quiet p99 | ratio |', '|---|---|---|---|');
      for (const [step, st] of Object.entries(w.admittedSteps)) lines.push(`| ${step} | ${st.p99} ms | ${st.quietP99} ms | × ${st.ratio} |`);
      lines.push('');
    }
    lines.push(cpuLine(e.cpu), '');
  } else if (report.enrolment?.notRun) lines.push('## Enrolment night', '', `not run: ${report.enrolment.notRun}`, '');
  if (report.faults && !report.faults.notRun) {
    const f = report.faults;
    lines.push('## Faults on enrolment night', '', `${f.parents} parents (time × ${f.timeScale}); ${f.timeline.join('; ')}. Sold ${f.sold} of ${f.placesAvailable} places (live holds left ${f.liveHolds}, oversold ${f.oversoldPlaces}); lost payments ${f.lostPayments}; double charges ${f.doubleCharges}; children enrolled without payment ${f.enrolledWithoutPayment}; every order settled ${f.settledAfterVippsBackS} s after Vipps came back (${f.unsettledLeft} left); webhooks lost in the outage ${f.droppedWebhooks}; places held for parents told 'Vipps svarer ikke' ${f.heldDuringOutage}, who came back and paid ${JSON.stringify(f.cameBack)}; parents ${JSON.stringify(f.outcomes)}.`, '', `Answers: ${JSON.stringify(f.statuses)}`, '');
  } else if (report.faults?.notRun) lines.push('## Faults on enrolment night', '', `not run: ${report.faults.notRun}`, '');
  if (report.notes.length) lines.push('## Notes', '', ...report.notes.map((n) => `- ${n}`), '');
  writeFileSync(path.join(resultsDir, 'latest.md'), `${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
