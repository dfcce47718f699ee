// Enrolment night's parents (`node bench/enrolment.mjs INPUT.json`), a process of its own so their work does not
// share an event loop with the proxy or the servers. INPUT: { url, seed, timeScale }. Each parent arrives on the
// schedule (80 % within the first 10 s, the rest over the following 110 s, times × timeScale) and asks for what a
// signed-in parent's browser asks for (checked in Chromium; the build's assets are in the browser's cache from an
// earlier visit): the server-rendered /kurs/{slug}, whose course list comes in the page, then the parent's own data
// (GET /api/users/me, /api/waitlist/mine, /api/profiles). The parent starts a payment for a course the list shows
// with free places, pays on the simulator's landing page, and comes back to the return page (its document,
// /api/users/me, /api/config, then the payment status until decided). A full course: the venue's list again,
// another course, up to 3 tries in all. A venue with nothing free: the next venue's list (the app asks only for that).
// With the waiting room (issue 37, decision 041; input.opensAt set): the parent opens the page, takes a ticket for a
// course with free places, asks for the position at the pace the answer sets until let in (or told 'fullt': the
// waitlist is offered, outcome fullWithWaitlist), and then books as above; those steps are timed as the admitted
// parent's. input.quiet: a few parents one after another, no line (the quiet evening the admitted steps compare with).
// input.helloUrl: a bare hello-world asked every 100 ms meanwhile (the position answer's reference).
// input.floorPath: the cheapest answer an instance gives (a static file: no database, no session), asked through the
// proxy every 100 ms meanwhile: how long any answer waits behind the night's other requests (context, not a budget).
// Prints one JSON line: timings per step, outcomes, status codes, errors.
import { readFileSync } from 'node:fs';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { url, seed } = input;
const timeScale = Number(input.timeScale ?? 1);
const PEAK_MS = 10_000 * timeScale;
const TOTAL_MS = 120_000 * timeScale;
const TRIES = 3;
const DAY = 86_400_000;

let rngState = 20_260_820;
const rng = () => ((rngState = (rngState * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = (list) => list[Math.floor(rng() * list.length)];

const steps = {};
const statuses = {};
const errors = [];
const outcomes = { booked: 0, gaveUp: 0, failed: 0, fullWithWaitlist: 0 };
const queued = input.opensAt != null;
const positionMs = [];
const helloMs = [];
const floorMs = [];
const decisionMs = [];
let noPositionShown = 0;
const courseFullAnswersMs = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function timed(step, fn) {
  const t = performance.now();
  const res = await fn();
  (steps[step] ??= []).push(performance.now() - t);
  return res;
}

async function call(step, path, { method = 'GET', headers, body, base = url, json: asJson = true } = {}) {
  return timed(step, async () => {
    let res;
    let text;
    try {
      res = await fetch(new URL(path, base), {
        method,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
    } catch (err) {
      const why = err.name === 'TimeoutError' ? 'no answer within 30 s' : `${err.message}${err.cause?.code ? ` (${err.cause.code})` : ''}`;
      errors.push(`${step}: ${why}`);
      statuses[`${step} network error`] = (statuses[`${step} network error`] ?? 0) + 1;
      return { status: 0, json: undefined, headers: new Headers() };
    }
    let json;
    try {
      json = asJson ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const key = `${step} ${res.status}${json?.error?.code ? ` ${json.error.code}` : ''}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (res.status >= 500) errors.push(`${step}: ${res.status} ${json?.error?.code ?? ''} retry-after ${res.headers.get('retry-after') ?? '-'}`);
    return { status: res.status, json, text, headers: res.headers };
  });
}

/** The page's window (whole days, as the web's defaultCourseWindow). */
function pageWindow() {
  const today = Math.floor(Date.now() / DAY) * DAY;
  return `startDate=${today - 21 * DAY}&endDate=${today + 184 * DAY - 1}`;
}

const SSR_DATA = /<script type="application\/json" id="ssr-data"[^>]*>([^<]*)<\/script>/;

/** The course list the server rendered into the page (its hydration data, as the browser reads it), or null. */
function coursesInPage(html, placeId) {
  try {
    const data = JSON.parse(SSR_DATA.exec(html ?? '')?.[1] ?? 'null');
    const query = data?.queries?.queries?.find((q) => q.queryKey[0] === 'courses' && q.queryKey[2] === placeId);
    return Array.isArray(query?.state?.data) ? query.state.data : null;
  } catch {
    return null;
  }
}

/** A signed-in parent opens /kurs/{slug}: the page with its list, then their own data, as the app asks for it. */
async function openPage(headers, place, prefix = '') {
  return timed(`${prefix}open /kurs/{slug} (page and 3 API calls)`, async () => {
    const page = await call(`${prefix}GET /kurs/{slug} (the page)`, `/kurs/${place.slug}`, { headers: { 'x-forwarded-for': headers['x-forwarded-for'] }, json: false });
    await Promise.all([
      call(`${prefix}GET /api/users/me`, '/api/users/me', { headers }),
      call(`${prefix}GET /api/waitlist/mine`, '/api/waitlist/mine', { headers }),
      call(`${prefix}GET /api/profiles`, '/api/profiles', { headers }),
    ]);
    // A page without its list (the server fell back to the app's shell): the app asks for the list itself.
    return coursesInPage(page.text, place.id) ?? venueList(headers, place, prefix);
  });
}

/**
 * The waiting room: a ticket for a course the page shows with free places, then the position at the server's pace.
 * Returns 'admitted', 'full' (the line ended: the waitlist is offered) or 'open' (no line governs the course).
 */
async function waitInLine(headers, list, arrivedAt) {
  const course = pick(list.filter((c) => c.freePlaces > 0).length ? list.filter((c) => c.freePlaces > 0) : list);
  if (!course) return 'open';
  const path = `/api/queue/courses/${course._id}`;
  let answer = await call('waiting: POST /api/queue/courses/{id}/ticket', `${path}/ticket`, { method: 'POST', headers, body: {} });
  for (let i = 0; i < 2000; i++) {
    const state = answer.json?.state;
    if (state === 'admitted' || state === 'full' || state === 'open') {
      decisionMs.push(performance.now() - arrivedAt);
      return state;
    }
    if (state === 'expired' || state === 'left') {
      answer = await call('waiting: POST /api/queue/courses/{id}/ticket', `${path}/ticket`, { method: 'POST', headers, body: {} });
      continue;
    }
    if (state === 'waiting' && answer.json?.position == null) noPositionShown += 1;
    await sleep(answer.json?.retryAfterMs ?? 1000);
    const t = performance.now();
    answer = await call('waiting: GET /api/queue/courses/{id}/position', `${path}/position`, { headers: { ...headers, 'x-background-request': '1' } });
    if (answer.status === 200) positionMs.push(performance.now() - t);
  }
  return 'gave up';
}

/** Another venue, or the same one after a 'full' answer: the app asks for that venue's list only. */
async function venueList(headers, place, prefix = '') {
  const list = await call(`${prefix}GET /api/places/{id}/courses`, `/api/places/${place.id}/courses?${pageWindow()}`, { headers });
  return Array.isArray(list.json) ? list.json : [];
}

async function pay(redirectUrl) {
  return timed('pay on the Vipps simulator', async () => {
    const page = await fetch(redirectUrl, { signal: AbortSignal.timeout(30_000) });
    const html = await page.text();
    const action = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)].find((m) => m[2] === 'Betal')?.[1];
    if (!action) throw new Error(`no 'Betal' on the landing page (${page.status})`);
    const res = await fetch(new URL(action, redirectUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const location = res.headers.get('location');
    if (res.status !== 303 || !location) throw new Error(`landing form answered ${res.status}`);
    return new URL(location).pathname.split('/').at(-1);
  });
}

async function parent(p, index, arrivalMs, t0) {
  await sleep(t0 + arrivalMs - performance.now());
  // Every parent has an address of their own (the servers trust the proxy's X-Forwarded-For): per-IP limits count
  // each parent, as in production, not the bench machine.
  const headers = { authorization: `Bearer ${p.token}`, 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
  let placeIndex = Math.floor(rng() * seed.places.length);
  const arrivedAt = performance.now();
  let list = await openPage(headers, seed.places[placeIndex], queued ? 'waiting: ' : '');
  if (queued) {
    const decision = await waitInLine(headers, list, arrivedAt);
    if (decision === 'full') {
      outcomes.fullWithWaitlist += 1;
      return;
    }
    if (decision !== 'admitted' && decision !== 'open') {
      outcomes.failed += 1;
      return;
    }
    // Let in: the page's list again (free places have moved while waiting), then the booking as on a quiet evening.
    list = await venueList(headers, seed.places[placeIndex]);
  }
  const tried = new Set();
  let venuesSeen = 1;
  let tries = 0;
  let busy = 0;
  while (tries < TRIES) {
    const candidates = list.filter((c) => c.freePlaces > 0 && !tried.has(c._id));
    if (!candidates.length) {
      // Nothing free here: the next venue's page.
      if (venuesSeen >= seed.places.length) break;
      venuesSeen += 1;
      placeIndex = (placeIndex + 1) % seed.places.length;
      list = await venueList(headers, seed.places[placeIndex]);
      continue;
    }
    const course = pick(candidates);
    tried.add(course._id);
    tries += 1;
    const t = performance.now();
    const start = await call('POST /api/vipps/payment', '/api/vipps/payment', { method: 'POST', headers, body: { userId: p.userId, childId: p.childId, courseId: course._id } });
    if (start.status === 200) {
      try {
        const reference = await pay(start.json.redirectUrl);
        // The return page: its document (the app's shell), the user and the site's settings, then the outcome until
        // it is decided.
        await call('GET /vipps/payment/{id} (the return page)', `/vipps/payment/${reference}`, { headers: { 'x-forwarded-for': headers['x-forwarded-for'] }, json: false });
        await Promise.all([call('GET /api/users/me', '/api/users/me', { headers }), call('GET /api/config', '/api/config', { headers })]);
        for (let i = 0; i < 10; i++) {
          const status = await call('GET /api/vipps/payment/{id}', `/api/vipps/payment/${reference}`, { headers });
          if (status.json?.enrolled || ['captured', 'cancelled', 'aborted', 'terminated', 'expired'].includes(status.json?.status)) break;
          await sleep(200);
        }
        outcomes.booked += 1;
      } catch (err) {
        errors.push(`pay: ${err.message}`);
        outcomes.failed += 1;
      }
      return;
    }
    if (start.status === 409 && start.json?.error?.code === 'COURSE_FULL') {
      courseFullAnswersMs.push(performance.now() - t);
      list = await venueList(headers, seed.places[placeIndex]);
      continue;
    }
    if (start.status === 503 && ++busy <= 5) {
      // Overload: the answer says when to come back; the parent does, without it counting as a try.
      tries -= 1;
      tried.delete(course._id);
      await sleep(Number(start.headers.get('retry-after') ?? 1) * 1000);
      continue;
    }
    outcomes.failed += 1;
    return;
  }
  outcomes.gaveUp += 1;
}

const n = seed.parents.length;
// The quiet evening: one parent every 300 ms. Enrolment night: 80 % within the peak.
const arrivals = input.quiet
  ? seed.parents.map((_, i) => i * 300)
  : seed.parents.map((_, i) => (i < Math.round(n * 0.8) ? rng() * PEAK_MS : PEAK_MS + rng() * (TOTAL_MS - PEAK_MS))).sort((a, b) => a - b);
const t0 = performance.now() + 200;
let running = true;
/** Asks `target` every 100 ms until the parents are done; the times go into `into` (best effort: errors are skipped). */
async function probe(target, into) {
  while (running) {
    const t = performance.now();
    try {
      await (await fetch(target, { signal: AbortSignal.timeout(30_000) })).text();
      into.push(performance.now() - t);
    } catch {
      // A reference, not a parent.
    }
    await sleep(100);
  }
}
const probes = [input.helloUrl && probe(input.helloUrl, helloMs), input.floorPath && probe(new URL(input.floorPath, url), floorMs)];
await Promise.all(seed.parents.map((p, i) => parent(p, i, arrivals[i], t0)));
running = false;
await Promise.all(probes);
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
};
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    parents: n,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, stats(v)])),
    courseFullAnswers: stats(courseFullAnswersMs),
    positionAnswers: stats(positionMs),
    helloWorld: stats(helloMs),
    floor: stats(floorMs),
    decisionWait: stats(decisionMs),
    noPositionShown,
    outcomes,
    statuses,
    errors: errors.slice(0, 50),
    errorCount: errors.length,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  })}\n`,
);
