#!/usr/bin/env node
/**
 * `npm run bench`: performance budgets on a large, realistic data set (not part of `npm test`).
 *
 *  1. web build (only if apps/web/dist is missing), a fresh database (a new database on TEST_DATABASE_URL /
 *     DATABASE_URL's server, else PGlite in a temp dir), bench/seed.ts fills it (50 venues, 2,000 courses,
 *     20,000 children, 50,000 orders);
 *  2. the production server (server.ts) on loopback, and a bare Fastify hello-world for reference;
 *  3. gzip size of the JS and CSS the first load of /, /kurs and /kurs/{slug} needs (what the browser fetched);
 *  4. Lighthouse (mobile preset, median of 3) on /, /kurs, /kurs/{slug} and /profil logged in;
 *  5. the API under load from another process (autocannon): /api/places, /api/places/{id}/courses, /api/users/me
 *     at 10, 50 and 200 connections, each against the hello-world;
 *  6. the booking burst: 200 concurrent payment starts for the last 5 places;
 *  6b. the back office as one admin and as ten: payment statistics over the last year (counted in SQL over 50,000
 *     orders), the user search over 20,000 users (trigram index), the first orders page;
 *  7. bench/results/latest.md and latest.json, with machine info and each budget's pass/fail.
 *
 * Env: BENCH_RUNS (Lighthouse runs per page, 3), BENCH_DURATION (seconds per load run, 8), BENCH_SCALE (1),
 * BENCH_SKIP (comma list of: lighthouse, load, burst, backoffice), BENCH_KEEP_DB=1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps/web/dist');
const resultsDir = path.join(root, 'bench/results');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
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

async function createDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
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

async function startAppServer(db, port) {
  const simPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
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

/** Without a browser: the entry chunk of index.html, its static imports and CSS (Vite manifest). */
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
  const gz = (f) => gzipSync(readFileSync(path.join(distDir, f))).length;
  return { jsGzip: [...seen].reduce((n, f) => n + gz(f), 0), cssGzip: [...css].reduce((n, f) => n + gz(f), 0), files: [...seen, ...css] };
}

async function lighthouseRuns(pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    for (const page of pages) {
      try {
        results[page.name] = await lighthousePage(page);
      } catch (err) {
        results.failed ??= [];
        results.failed.push(`${page.name}: ${err.message}`);
        log(`lighthouse ${page.name} failed: ${err.message}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;

  async function lighthouseOnce(page, flags) {
    if (!page.session) return lighthouse(page.url, flags);
    // Logged in: the web keeps its session in localStorage; set it, and keep it through Lighthouse's run.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const tab = await browser.newPage();
      await tab.goto(new URL('/', page.url).toString(), { waitUntil: 'load' });
      await tab.evaluate((value) => localStorage.setItem('plask:session', value), JSON.stringify(page.session));
      const result = await lighthouse(page.url, { ...flags, disableStorageReset: true }, undefined, tab);
      await tab.close();
      return result;
    } finally {
      await browser.disconnect();
    }
  }

  async function lighthousePage(page) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
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
      log(`lighthouse ${page.name} run ${i + 1}: performance ${Math.round(lhr.categories.performance.score * 100)}`);
    }
    // The median run by performance score (Lighthouse's own advice), reported whole.
    const sorted = [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = sorted[Math.floor(sorted.length / 2)];
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue;
    return {
      url: page.url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      performanceRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      fcpMs: Math.round(metric('first-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
      sizes: firstLoadSizes(lhr.audits['network-requests']?.details?.items ?? [], new URL(page.url).origin),
      finalUrl: lhr.finalDisplayedUrl,
    };
  }
}

// ---- main -------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  if (!existsSync(path.join(distDir, 'index.html'))) {
    log('apps/web/dist is missing: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });

  const db = await createDatabase();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      database: db.kind,
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
    budgets: [],
    notes: [],
  };
  let server;
  let hello;
  let seed;
  try {
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
        const { failed, ...byPage } = await lighthouseRuns(pages);
        report.lighthouse = byPage;
        for (const f of failed ?? []) report.notes.push(`Lighthouse failed on ${f}`);
        for (const [name, r] of Object.entries(report.lighthouse)) report.sizes[name] = { jsGzipKb: kb(r.sizes.jsGzip), cssGzipKb: kb(r.sizes.cssGzip), files: [...r.sizes.files.js, ...r.sizes.files.css].map((f) => `${f.file} ${kb(f.gzip)} KB`) };
      } catch (err) {
        report.notes.push(`Lighthouse failed: ${err.message}`);
        log(`lighthouse failed: ${err.message}`);
      }
    }

    // ---- API under load ----
    if (!SKIP.has('load')) {
      const auth = { authorization: `Bearer ${seed.parentToken}` };
      const targets = [
        { name: 'GET /api/places', url: `${server.url}/api/places` },
        { name: 'GET /api/places/{id}/courses', url: `${server.url}/api/places/${seed.place.id}/courses` },
        { name: 'GET /api/users/me', url: `${server.url}/api/users/me`, headers: auth },
      ];
      for (const connections of [10, 50, 200]) {
        const base = await load(hello.url, connections);
        report.api[`hello-world c=${connections}`] = base;
        log(`hello-world c=${connections}: ${Math.round(base.rps)} req/s, p99 ${base.p99} ms`);
        for (const t of targets) {
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
  } finally {
    await hello?.stop();
    const exit = await server?.stop();
    if (exit && exit.code !== 0) report.notes.push(`server exit after SIGTERM: ${JSON.stringify(exit)}`);
  }
  // After the server stopped: PGlite has one owner at a time.
  if (report.burst) report.burst.holdsInDatabase = await liveHolds(db, seed.burst.courseId);
  await db.dispose();

  evaluateBudgets(report);
  writeReport(report);
  log(`done in ${Math.round((Date.now() - started) / 1000)} s: bench/results/latest.md`);
  const failed = report.budgets.filter((b) => b.pass === false);
  if (failed.length) log(`${failed.length} budget(s) failed: ${failed.map((b) => b.name).join('; ')}`);
}

function evaluateBudgets(report) {
  const add = (name, value, limit, pass, unit = '') => report.budgets.push({ name, value, limit, unit, pass });
  const rootSizes = report.lighthouse['/']?.sizes ?? report.sizes.manifestEntry;
  if (rootSizes) {
    add('JS for / (gzip)', kb(rootSizes.jsGzip), '≤ 130 KB', kb(rootSizes.jsGzip) <= 130, 'KB');
    add('JS + CSS for / (gzip)', kb(rootSizes.jsGzip + rootSizes.cssGzip), '≤ 200 KB', kb(rootSizes.jsGzip + rootSizes.cssGzip) <= 200, 'KB');
  }
  for (const [name, r] of Object.entries(report.lighthouse)) {
    add(`Lighthouse performance ${name}`, r.performance, '≥ 95', r.performance >= 95);
    add(`Lighthouse accessibility ${name}`, r.accessibility, '= 100', r.accessibility === 100);
    add(`Lighthouse best practices ${name}`, r.bestPractices, '≥ 95', r.bestPractices >= 95);
    add(`Lighthouse SEO ${name}`, r.seo, '= 100', r.seo === 100);
  }
  for (const name of ['GET /api/places', 'GET /api/places/{id}/courses', 'GET /api/users/me']) {
    const r = report.api[`${name} c=50`];
    if (r) add(`${name} p99 at c=50`, r.p99, '≤ 20 ms', r.p99 <= 20 && r.non2xx === 0 && r.errors === 0, 'ms');
  }
  const stats = report.backOffice['GET /api/statistics/payments (last year) c=1'];
  if (stats) add('statistics over 50,000 orders p99 (one admin)', stats.p99, '< 50 ms', stats.p99 < 50 && stats.non2xx === 0 && stats.errors === 0, 'ms');
  const list = report.api['GET /api/places/{id}/courses c=50'];
  if (list) add('course list req/s vs hello-world at c=50', Math.round(list.rpsRatio * 100), '≥ 30 %', list.rpsRatio >= 0.3, '%');
  if (report.burst) {
    add('booking burst: exactly 5 places taken', `${report.burst.ok} answered 200, ${report.burst.holdsInDatabase} holds`, '= 5', report.burst.ok === 5 && report.burst.holdsInDatabase === 5);
    add('booking burst: no 5xx', Object.keys(report.burst.answers).filter((k) => /^(5|0)/.test(k)).join(', ') || 'none', 'none', !Object.keys(report.burst.answers).some((k) => /^(5|0)/.test(k)));
  }
}

function writeReport(report) {
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const m = report.machine;
  const lines = [];
  lines.push(`# Bench ${report.date}`, '');
  lines.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}, database ${m.database}, ${m.chromium}.`);
  lines.push('Load generator (autocannon) and Chromium share the machine with the server; treat numbers as lower bounds.', '');
  if (report.data) {
    const d = report.data;
    lines.push(`Data: ${d.places} places, ${d.courses} courses, ${d.users} users, ${d.children} children, ${d.orders} orders (${d.orderEvents} events), ${d.participants} participants; place page ${d.place.slug} (${d.place.coursesInWindow} courses in its window). Seeded in ${Math.round(d.seedSeconds.build + d.seedSeconds.insert)} s.`, '');
  }
  lines.push('## Budgets', '', '| budget | value | limit | result |', '|---|---|---|---|');
  for (const b of report.budgets) lines.push(`| ${b.name} | ${b.value}${b.unit && typeof b.value === 'number' ? ` ${b.unit}` : ''} | ${b.limit} | ${b.pass ? 'pass' : '**FAIL**'} |`);
  lines.push('');
  if (Object.keys(report.lighthouse).length) {
    lines.push('## Lighthouse (mobile, simulated throttling, median of runs)', '', '| page | perf (runs) | a11y | best pr. | SEO | LCP | FCP | TBT | CLS | JS gzip | CSS gzip |', '|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, r] of Object.entries(report.lighthouse)) {
      lines.push(`| ${name} | ${r.performance} (${r.performanceRuns.join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} ms | ${r.fcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${kb(r.sizes.jsGzip)} KB | ${kb(r.sizes.cssGzip)} KB |`);
    }
    lines.push('');
    for (const [name, r] of Object.entries(report.lighthouse)) {
      if (r.failedAudits.length) lines.push(`- ${name}: failed audits ${r.failedAudits.join(', ')}`);
      if (r.finalUrl && new URL(r.finalUrl).pathname !== new URL(r.url).pathname) lines.push(`- ${name}: ended on ${r.finalUrl}`);
    }
    const index = Object.values(report.lighthouse)[0]?.benchmarkIndex;
    if (index) lines.push(`- Lighthouse benchmarkIndex ${index} (above ~1500 the default 4× CPU slowdown under-throttles).`);
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
  if (report.notes.length) lines.push('## Notes', '', ...report.notes.map((n) => `- ${n}`), '');
  writeFileSync(path.join(resultsDir, 'latest.md'), `${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
