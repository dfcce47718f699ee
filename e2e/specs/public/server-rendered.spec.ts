import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { allowHttpErrors, approveAsNewPerson, login, newPerson, openMenuIfCollapsed } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * Issue 11, decision 018: the public pages arrive rendered. Their first HTML response, read without JavaScript, holds
 * the page's main text, title, description and Open Graph tags (a link shared in Messenger or a search result needs
 * nothing more); with JavaScript the page hydrates without a mismatch, console errors or layout shift.
 */

interface Place {
  _id: string;
  name: string;
  slug: string;
  place: string;
  address: string;
  image: string | null;
}

interface PublicPage {
  path: string;
  status: number;
  title: RegExp;
  /** Text in the rendered page, read without JavaScript: the h1 first. */
  h1: string;
  texts: string[];
  canonical: boolean;
  /** A visitor gets the page without the app (routes.tsx, `pagesWithoutApp`; decision 045). */
  withoutApp: boolean;
}

async function publicPages(request: APIRequestContext): Promise<{ pages: PublicPage[]; venue: Place }> {
  const get = async <T>(path: string) => {
    const res = await request.get(path);
    expect(res.ok(), path).toBe(true);
    return (await res.json()) as T;
  };
  const [places, faqs, instructors, terms] = await Promise.all([
    get<Place[]>('/api/places'),
    get<{ question: string }[]>('/api/faqs'),
    get<{ name: string }[]>('/api/users/instructors'),
    get<{ category: string }[]>('/api/terms-and-conditions'),
  ]);
  const venue = places.find((p) => p.name === 'Sagene Basseng') ?? places[0]!;
  const pages: PublicPage[] = [
    { path: '/', status: 200, title: /^Plask Babysvømming \| /, h1: 'Trygg og morsom babysvømming', texts: ['Kurssteder', places[0]!.name, faqs[0]!.question], canonical: true, withoutApp: true },
    { path: '/kurs', status: 200, title: /^Kurssteder \| /, h1: 'Kurssteder', texts: ['Babysvømming Oslo', venue.name], canonical: true, withoutApp: true },
    {
      path: `/kurs/${venue.slug}`,
      status: 200,
      title: new RegExp(`^${venue.name}, ${venue.place} \\| `),
      h1: `Babysvømming ${venue.name}, ${venue.place}`,
      texts: [venue.address, 'Kurs'],
      canonical: true,
      withoutApp: true,
    },
    { path: '/om-oss', status: 200, title: /^Om oss \| /, h1: 'Om oss', texts: ['Våre instruktører', instructors[0]!.name], canonical: true, withoutApp: true },
    { path: '/kontakt', status: 200, title: /^Kontakt \| /, h1: 'Kontakt oss', texts: ['Skriv til oss', 'Kontaktinformasjon'], canonical: true, withoutApp: false },
    { path: '/regler-og-betingelser', status: 200, title: /^Regler og betingelser \| /, h1: 'Regler og betingelser', texts: [terms[0]!.category], canonical: true, withoutApp: true },
    { path: '/denne-siden-finnes-ikke', status: 404, title: /^Ikke funnet \| /, h1: 'Ikke funnet', texts: ['Vi kan dessverre ikke finne siden du leter etter'], canonical: false, withoutApp: false },
  ];
  return { pages, venue };
}

async function withoutJavaScript<T>(browser: Browser, baseURL: string | undefined, run: (page: Page) => Promise<T>): Promise<T> {
  // At the project's size: a phone without JavaScript sees the phone's layout.
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, javaScriptEnabled: false, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const content = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content');

test('every public page arrives rendered, with its title, description and Open Graph tags', async ({ browser, baseURL, request }) => {
  // Seven pages, each in a fresh browser context without JavaScript.
  test.setTimeout(120_000);
  const { pages, venue } = await publicPages(request);
  for (const expected of pages) {
    await test.step(expected.path, async () => {
      const res = await request.get(expected.path);
      expect(res.status(), `status of ${expected.path}`).toBe(expected.status);
      expect(res.headers()['content-type']).toContain('text/html');
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      // The data for hydration is a JSON block, never an executable inline script.
      expect(html).toMatch(/<script type="application\/json" id="ssr-data"[^>]*>\{/);
      expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
      // The app comes after the page (decision 021): nothing of it is preloaded with the page. The page names all of
      // the app's files for boot.ts to ask for at once when it starts it (it would otherwise wait a round trip for
      // each part).
      expect(html).not.toContain('rel="modulepreload"');
      const modules = / id="ssr-data" data-modules="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      expect(modules, 'the app and React, named in the page').toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/react-[\w-]+\.js$/)]),
      );
      // Named for a logged-in user's app; a visitor gets these pages without it (decision 045).
      expect(/ id="ssr-data"[^>]* data-without-app[ >]/.test(html), 'a visitor gets the page without the app').toBe(expected.withoutApp);

      await withoutJavaScript(browser, baseURL, async (page) => {
        const response = await page.goto(expected.path);
        expect(response?.status()).toBe(expected.status);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.h1);
        for (const text of expected.texts) await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeAttached();
        await expect(page).toHaveTitle(expected.title);
        // 'Meny' is a native popover: it opens without JavaScript too.
        const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
        const menu = nav.getByRole('button', { name: 'Meny' });
        if (await menu.isVisible()) await menu.click();
        await expect(nav.getByRole('link', { name: 'Kontakt', exact: true })).toBeVisible();
        const title = await page.title();
        const description = await content(page, 'meta[name="description"]');
        expect(description?.length, 'meta description').toBeGreaterThan(20);
        expect(await content(page, 'meta[property="og:title"]')).toBe(title);
        expect(await content(page, 'meta[property="og:description"]')).toBe(description);
        expect(await content(page, 'meta[property="og:type"]')).toBe('website');
        expect(await content(page, 'meta[property="og:site_name"]')).toBe('Plask Babysvømming');
        expect(await content(page, 'meta[name="twitter:card"]')).toMatch(/^summary/);
        const ogUrl = await content(page, 'meta[property="og:url"]');
        expect(ogUrl).toBe(`${baseURL}${expected.path === '/' ? '/' : expected.path}`);
        if (expected.canonical) await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', ogUrl!);
        else await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      });
    });
  }

  await test.step('a venue: its picture as og:image, and JSON-LD', async () => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      await page.goto(`/kurs/${venue.slug}`);
      const image = await content(page, 'meta[property="og:image"]');
      // A PNG: Facebook and Messenger show no SVG previews.
      expect(image).toBe(`${baseURL}/images/places/og/${venue.image ?? venue.slug}.png`);
      const picture = await request.get(image!);
      expect(picture.ok(), 'the og:image exists').toBe(true);
      expect(picture.headers()['content-type']).toBe('image/png');
      expect(await content(page, 'meta[property="og:image:width"]')).toBe('1200');
      expect(await content(page, 'meta[name="twitter:image"]')).toBe(image);
      const jsonLd = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
      expect(jsonLd['@type']).toBe('Course');
      expect(jsonLd.name).toBe(`Babysvømming ${venue.name}`);
      expect(jsonLd.url).toBe(`${baseURL}/kurs/${venue.slug}`);
    });
  });

  await test.step('logged-in pages stay client-rendered: the shell', async () => {
    const html = await (await request.get('/profil')).text();
    // The site's frame only (next test), no page and no data.
    expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col">/);
    expect(html).not.toContain('id="ssr-data"');
    // The shell has nothing to show without the app: it preloads it with the stylesheet.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/main-[\w-]+\.js">/);
  });
});

test('without JavaScript a rendered page shows what works and says what needs JavaScript', async ({ browser, baseURL, page, request }) => {
  const { venue } = await publicPages(request);
  const bookingNote = 'Du må slå på JavaScript for å bestille kurs.';
  const contactNote = 'Du må slå på JavaScript for å sende meldingen.';
  await withoutJavaScript(browser, baseURL, async (plain) => {
    // The questions open without JavaScript (native <details>).
    await plain.goto('/');
    const questions = plain.locator('main details');
    expect(await questions.count(), 'questions on the home page').toBeGreaterThan(0);
    await questions.first().locator('summary').click();
    await expect(questions.first().locator('[data-faq-answer]')).toBeVisible();
    // Booking and choosing a venue need the app: no button that does nothing, and a line that says so.
    await plain.goto(`/kurs/${venue.slug}`);
    await expect(plain.locator('article[data-course-id]').first()).toBeVisible();
    await expect(plain.getByText(bookingNote)).toBeVisible();
    await expect(plain.getByRole('button', { name: 'Bestill' })).toHaveCount(0);
    await expect(plain.getByLabel('Velg kurssted')).toBeHidden();
    await plain.goto('/kontakt');
    await expect(plain.getByText(contactNote)).toBeVisible();
  });
  // With it, the same pages have their buttons, and the lines are not there (a visitor's venue page without the app).
  await page.goto(`/kurs/${venue.slug}`);
  await expect(page.locator('html[data-without-app]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Bestill' }).first()).toBeVisible();
  await expect(page.getByLabel('Velg kurssted')).toBeVisible();
  await expect(page.getByText(bookingNote)).toBeHidden();
  await page.goto('/kontakt');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByText(contactNote)).toBeHidden();
  await page.goto('/');
  await expect(page.locator('[data-faq-answer]').first()).toBeHidden();
});

test('the public pages hydrate without a mismatch, console errors or layout shift', async ({ page, request, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const { pages } = await publicPages(request);
  const messages: string[] = [];
  page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
  // React reports a hydration mismatch as a recoverable error: 418/419/421/422/423/425 in production builds.
  const hydrationTrouble = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;
  // A mismatch React recovers from may be logged only as a minified number, and it recovers by rendering the part again
  // in the browser, replacing what the server sent. So every element the server sent must still be there once the app
  // is live: the elements removed before the app marked itself live (<html data-hydrated>) are recorded, and must be none.
  await page.addInitScript(`
    window.__replacedBeforeLive = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') return observer.disconnect();
        for (const node of record.removedNodes) if (node instanceof Element) window.__replacedBeforeLive.push(node.outerHTML.slice(0, 120));
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  `);

  // A visitor's app hydrates the pages that need it; a logged-in parent's, every page (the rest a visitor gets without
  // the app, decision 045). A parent without children: nothing of theirs arrives late on a venue's course rows.
  const visits = [...pages.filter((p) => !p.withoutApp), ...pages.filter((p) => p.withoutApp).map((p) => ({ ...p, asParent: true }))];
  for (const expected of visits) {
    if ('asParent' in expected && !(await page.evaluate(() => localStorage.length))) {
      await login(page, {}, '/');
    }
    await test.step(`${expected.path}${'asParent' in expected ? ' (parent)' : ''}`, async () => {
      messages.length = 0;
      await page.goto(expected.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.h1);
      await page.waitForLoadState('networkidle');
      // Hydrated: the menu button reacts (a click on server HTML alone would do nothing).
      const menu = page.getByRole('button', { name: 'Meny' });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        await menu.click();
      }
      // The browser's own sum of unexpected layout shifts since the page started (none expected: nothing arrives late),
      // with the elements that moved.
      const layoutShift = async () =>
        (await page.evaluate(`new Promise((resolve) => {
          const found = { sum: 0, moved: [] };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.hadRecentInput) continue;
              found.sum += entry.value;
              for (const source of entry.sources ?? []) found.moved.push(source.node ? source.node.nodeName + ' ' + (source.node.textContent ?? '').slice(0, 60) : '?');
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(found), 300);
        })`)) as { sum: number; moved: string[] };
      let shift = await layoutShift();
      if (shift.sum >= 0.01) {
        // Seen once on a CI machine at load 10, and on no reload, throttled or not: a shift must show again on a fresh
        // load of the page to fail the test. The first one is kept in the report with what moved.
        testInfo.annotations.push({ type: 'layout shift, then none on reload?', description: `${expected.path}: ${JSON.stringify(shift)}` });
        await page.goto(expected.path);
        await page.waitForLoadState('networkidle');
        shift = await layoutShift();
      }
      expect(shift.sum, `layout shift on ${expected.path}: ${shift.moved.join(' | ')}`).toBeLessThan(0.01);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      expect(await page.evaluate(() => (globalThis as unknown as { __replacedBeforeLive: string[] }).__replacedBeforeLive), `server HTML replaced on ${expected.path}`).toEqual([]);
      const trouble = messages.filter((m) => hydrationTrouble.test(m));
      expect(trouble, `hydration warnings on ${expected.path}`).toEqual([]);
      const errors = messages.filter(
        // The unknown address itself is answered 404 (on purpose); Chromium logs that as a failed resource.
        (m) => (m.startsWith('error:') || m.startsWith('pageerror:')) && !(expected.status === 404 && m.includes('status of 404')),
      );
      expect(errors, `console errors on ${expected.path}`).toEqual([]);
    });
  }
  // A logged-in parent's navigation is the SPA's: from the rendered home page to the venues without a page load.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('main').getByRole('link', { name: 'Bestill kurs' }).click();
  await expect(page).toHaveURL(/\/kurs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kurssteder');
  expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await keepScreenshot(page, testInfo, 'kurs-etter-klientnavigasjon');
  // Checked per page above (the unknown address's own 404 included).
  allowHttpErrors(consoleErrors, 404);
});

/**
 * A phone-sized page in a context of its own (no test fixture waits for the app), whose script `asset` is held back
 * until `release()`; `held()` counts the requests for it.
 */
async function withHeldScript(
  browser: Browser,
  baseURL: string | undefined,
  asset: RegExp,
  run: (page: Page, hold: { release: () => void; held: () => number }) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  try {
    const page = await context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(asset, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await run(page, { release, held: () => held });
  } finally {
    await context.close();
  }
}

// The app is held back while the phone's 'Meny' is tapped: a native popover, it opens without the app. On a rendered
// page (/) the app then takes the server's page over; on a client-rendered one (/login) it draws its own frame in place
// of the server's, with the menu open again (decision 021).
for (const { path, kind } of [
  { path: '/kontakt', kind: 'a rendered page' },
  { path: '/login', kind: "a client-rendered page's frame" },
]) {
  test(`the menu opens on ${kind} before the app has started, and stays open when it starts`, async ({ browser, baseURL }) => {
    await withHeldScript(browser, baseURL, /\/assets\/main-[\w-]+\.js$/, async (page, { release, held }) => {
      await page.goto(path);
      const menu = page.getByRole('button', { name: 'Meny' });
      const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
      await menu.click();
      expect(held(), 'the app was asked for and held back').toBe(1);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Kontakt', exact: true })).toBeVisible();
      release();
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: 'Logg inn', exact: true })).toBeVisible();
    });
  });
}

test('the menu opened while a client-rendered page is still loading stays open when the page arrives', async ({ browser, baseURL }) => {
  // A client-rendered page (here /login) first shows the frame with an empty main while its route module loads.
  // The module is held back until the phone's 'Meny' has been opened in that frame.
  await withHeldScript(browser, baseURL, /\/assets\/login-[\w-]{8}\.js$/, async (page, { release, held }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('progressbar', { name: 'Laster side' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Meny' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(held(), 'the route module was asked for and held back').toBe(1);
    release();
    await expect(page.getByRole('button', { name: 'Logg inn med Vipps' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Logg inn', exact: true })).toBeVisible();
  });
});

test("a client-rendered page's shell holds the site's frame, which the app then replaces with its own", async ({ browser, baseURL, page, request }) => {
  // The notice for a browser without JavaScript comes first, above the frame (a rendered page has none: it works without).
  const html = await (await request.get('/profil')).text();
  expect(html.indexOf('<noscript>')).toBeGreaterThan(0);
  expect(html.indexOf('<noscript>')).toBeLessThan(html.indexOf('<div id="root">'));
  expect(await (await request.get('/kurs')).text()).not.toContain('<noscript>');
  // Without JavaScript: painted at once, the frame the app draws while a page's code loads (its header and footer).
  await withoutJavaScript(browser, baseURL, async (shell) => {
    expect((await shell.goto('/profil'))?.status()).toBe(200);
    await expect(shell.getByRole('banner').getByRole('link', { name: 'Plask Babysvømming' })).toBeVisible();
    await expect(shell.getByRole('contentinfo')).toBeVisible();
    // Nothing will load without JavaScript, so the frame does not say it is loading (the bar would pulse for ever).
    await expect(shell.getByRole('progressbar', { name: 'Laster side' })).toBeHidden();
    await expect(shell.getByText('Laster side')).toBeHidden();
    // The session link keeps its place, hidden: a signed-in parent never sees 'Logg inn' before their name.
    await expect(shell.getByRole('link', { name: 'Logg inn', exact: true })).toBeHidden();
  });
  // With it, the app's page takes the frame's place: one header, one main and one footer, not the server's beside the
  // app's (the fixture fails the test on any console error).
  await login(page, { children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }] }, '/profil');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Min profil', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: 'Laster side' })).toHaveCount(0);
});

test("a signed-in parent's server-rendered page keeps the lists it came with; an admin's are asked again", async ({ page }) => {
  // The server renders as a visitor. The API answers a parent's venue and course lists as a visitor's, so taking the
  // page over must not ask for them (nor for the site's settings) again; staff's lists hold more, so theirs are.
  // What this document fetched, from its own resource timing: the login's return before the reload is another
  // document, so a request it makes late (its client-side navigation settles on its own time) is never counted.
  const fetchedByThisPage = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as unknown as { name: string; initiatorType: string }[])
        .filter((e) => e.initiatorType === 'fetch')
        .map((e) => new URL(e.name).pathname),
    );
  // Requests this page has started and not yet finished. Playwright's 'networkidle' is no help here: it is reached
  // once per load and stays reached, and on a slow machine hydration alone can be the quiet half-second that reaches
  // it before the viewer's data is asked for.
  let inFlight = 0;
  const count = (change: number) => (request: Request) => {
    if (request.resourceType() === 'fetch') inFlight += change;
  };
  page.on('request', count(+1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  // Settled: the viewer's data is in, the menu names them (so /users/me has been read and acted on), nothing is open.
  const reloadAndSettle = async (firstName: string) => {
    await page.reload();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: firstName, exact: true, includeHidden: true }).first()).toBeAttached();
    await expect
      .poll(fetchedByThisPage, "the viewer's own data is asked for")
      .toEqual(expect.arrayContaining(['/api/users/me', '/api/profiles', '/api/waitlist/mine']));
    await expect.poll(() => inFlight, 'every request started has finished').toBe(0);
    return fetchedByThisPage();
  };
  const lists = (paths: string[]) => paths.filter((p) => p === '/api/config' || p === '/api/users/instructors' || p.startsWith('/api/places')).sort();

  const parent = (await login(page, { children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }] }, '/kurs/sagene-basseng')).user;
  expect(lists(await reloadAndSettle(parent.firstName)), 'nothing the server sent is asked for again').toEqual([]);

  await page.evaluate(() => localStorage.clear());
  const admin = (await login(page, { role: 'admin' }, '/kurs/sagene-basseng')).user;
  await reloadAndSettle(admin.firstName);
  await expect(page.getByRole('button', { name: 'Endre sted' })).toBeVisible();
  // Asked once /users/me has said who: polled, as the three may still be on their way when the viewer's data is in.
  await expect
    .poll(async () => lists(await fetchedByThisPage()), "the admin's lists, and the instructors for the course form")
    .toEqual(['/api/places', expect.stringMatching(/^\/api\/places\/[\w-]+\/courses$/), '/api/users/instructors']);
});

test('a visitor gets the pages without the app: nothing on them needs it, and logging in returns to the page', async ({ page, request }, testInfo) => {
  // Decision 045: on these pages every control is a link, the platform's own, a GET form or one of the two that boot.ts
  // runs, so React is never asked for.
  const { pages, venue } = await publicPages(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const expected of pages.filter((p) => p.withoutApp)) {
    await test.step(expected.path, async () => {
      scripts.length = 0;
      await page.goto(expected.path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html[data-without-app]')).toHaveCount(1);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      expect(scripts, 'only the entry (boot.ts) and what it imports').not.toContainEqual(expect.stringMatching(/\/assets\/(main|react)-/));
      // Nothing that would need the app. A button opens the menu's popover, is a disclosure (boot.ts opens it) or sends
      // a GET form to the login page; a select goes to a page (boot.ts); no other form field.
      const buttons = await page.locator('button').evaluateAll((all) =>
        all
          .filter((b) => !b.matches('[popovertarget], [aria-expanded][aria-controls], form[method="get"][action="/login"] button[type="submit"]'))
          .map((b) => b.outerHTML.slice(0, 100)),
      );
      expect(buttons, 'buttons that would need the app').toEqual([]);
      await expect(page.locator('select:not([data-goes-to]), textarea, input:not([type="hidden"])')).toHaveCount(0);
      // The menu opens, and its button says so, as the app's would.
      const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
      const menu = nav.getByRole('button', { name: 'Meny' });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(nav.getByRole('link', { name: 'Logg inn', exact: true })).toHaveAttribute('href', `/login?tilbake=${encodeURIComponent(expected.path)}`);
    });
  }
  await test.step('a course row opens its details, and the venue picker goes to another venue', async () => {
    await page.goto(`/kurs/${venue.slug}`);
    const row = page.locator('article[data-course-id]').first();
    const toggle = row.locator('button[aria-expanded]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByText('Instruktører')).toBeVisible();
    await toggle.click();
    await expect(row.getByText('Instruktører')).toBeHidden();
    const other = (await page.getByLabel('Velg kurssted').locator('option').evaluateAll((all) => all.map((o) => o.getAttribute('value') ?? ''))).find(
      (value) => value && value !== venue.slug,
    )!;
    await page.getByLabel('Velg kurssted').selectOption(other);
    // A slug keeps its Norwegian letters ('allerede-påmeldt'), which the address bar carries percent-encoded.
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${other}`);
    await expect(page.locator('html[data-without-app]')).toHaveCount(1);
  });
  // 'Logg inn' leads to the login page, which returns here after Vipps; the page is then the parent's, with the app.
  await page.goto('/regler-og-betingelser');
  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Logg inn', exact: true }).click();
  // Through the simulator's page: the login's return to the page it started from is this test's point.
  await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
  // As a new person of the test's own ('Annen testperson'); the helper sees 'Du har blitt logget inn'.
  const person = newPerson(testInfo, 1, '45');
  await approveAsNewPerson(page, person);
  await expect(page).toHaveURL(/\/regler-og-betingelser$/);
  await page.reload();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.locator('html[data-without-app]')).toHaveCount(0);
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: person.givenName, exact: true })).toBeVisible();
});
