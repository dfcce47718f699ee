import { expect, keepScreenshot, test } from '../../support/fixtures';
import {
  allowHttpErrors,
  approveInSimulator,
  expectAccessible,
  loginAs,
  loginAsNew,
  newPerson,
  openMenuIfCollapsed,
  PERSONS,
  SESSION_KEY,
  startLoginFromNav,
} from '../../support/auth';
import { apiAs } from '../../support/admin';

interface StoredSession {
  id_token: string;
  access_token: string;
  token_type: string;
  expires_at: number;
  id_expires_at: number | null;
}

const readSession = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null, SESSION_KEY);

test.describe('Logg inn med Vipps', () => {
  for (const [person, firstName, admin] of [
    [PERSONS.parent, 'Sara', false],
    [PERSONS.admin, 'Ingrid', true],
  ] as const) {
    test(`${person} logs in from /kurs/sagene-basseng and lands back there`, async ({ page }, testInfo) => {
      await page.goto('/kurs/sagene-basseng');
      await expect(page.getByText('Testmodus: Vipps er en simulator, ingen ekte betalinger')).toBeVisible();
      await startLoginFromNav(page);
      await approveInSimulator(page, person);

      await expect(page).toHaveURL(/\/kurs\/sagene-basseng$/);
      await expect(page.getByText('Du har blitt logget inn')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Babysvømming Sagene Basseng, Oslo');

      const session = await readSession(page);
      expect(session).not.toBeNull();
      expect(session!.token_type).toBe('Bearer');
      expect(session!.id_token.split('.')).toHaveLength(3);
      expect(session!.access_token).toBeTruthy();
      expect(session!.expires_at).toBeGreaterThan(Date.now());
      expect(session!.id_expires_at).toBeGreaterThan(Date.now());

      await openMenuIfCollapsed(page);
      const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
      await expect(nav.getByRole('link', { name: firstName, exact: true })).toHaveAttribute('href', '/profil');
      await expect(nav.getByRole('link', { name: 'Logg inn', exact: true })).toHaveCount(0);
      const dashboard = nav.getByRole('link', { name: 'Dashbord', exact: true });
      // In the phone menu and in the desktop header alike (decision 030).
      if (admin) await expect(dashboard).toBeVisible();
      else await expect(dashboard).toBeHidden();

      // Developers (the admin is one) see the app version in the footer; parents do not.
      const version = page.getByRole('contentinfo').getByText(/^Versjon \d/);
      if (admin) await expect(version).toBeVisible();
      else await expect(version).toHaveCount(0);

      await expectAccessible(page);
      await keepScreenshot(page, testInfo, `innlogget-${firstName.toLowerCase()}`);
    });
  }

  test('the simulator login page and the wait screen', async ({ page }, testInfo) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Logg inn på/ })).toBeVisible();
    await keepScreenshot(page, testInfo, 'vipps-simulator');
    // Hold the token exchange so the wait screen can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vipps/token?**', async (route) => {
      await held;
      await route.continue();
    });
    await approveInSimulator(page, PERSONS.parent);
    await expect(page.getByRole('status').getByText('Vennligst vent...')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'vennligst-vent');
    release();
    await expect(page.getByText('Du har blitt logget inn')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('Login return errors', () => {
  const cases: [string, string | RegExp][] = [
    ['access_denied', 'Innlogging via Vipps ble avbrutt'],
    ['server_error', /^Det oppstod en ukjent feil! /],
    ['login_required', /logget inn i Vipps-appen/],
    ['invalid_app_callback_uri', 'Det oppstod en feil. Vennligst kontakt oss via skjema på nettsiden'],
    ['app_callback_uri_not_registered', 'Det oppstod en feil. Vennligst kontakt oss via skjema på nettsiden'],
    ['outdated_app_version', /Vipps-appen din er utdatert/],
    ['wrong_challenge', /feil på sikkerhetsspørsmålet/],
    ['unknown_reject_reason', /^Det oppstod en ukjent feil! /],
  ];
  for (const [code, message] of cases) {
    test(`'${code}' chosen in 'Simuler feil' shows its message and the links`, async ({ page }, testInfo) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
      await approveInSimulator(page, PERSONS.parent, code);
      await expect(page).toHaveURL(new RegExp(`/vipps/login-redirect\\?.*error=${code}`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Du ble ikke logget inn');
      await expect(main.getByRole('alert')).toHaveText(message);
      await expect(main.getByRole('link', { name: 'Til forsiden' })).toHaveAttribute('href', '/');
      await expect(main.getByRole('link', { name: 'Logg inn på nytt' })).toHaveAttribute('href', '/login');
      expect(await readSession(page)).toBeNull();
      await expectAccessible(page);
      if (code === 'access_denied' || code === 'unknown_reject_reason') await keepScreenshot(page, testInfo, `innlogging-${code}`);
    });
  }

  test("'Avbryt' in the simulator says the login was cancelled", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Innlogging via Vipps ble avbrutt');
    await page.getByRole('main').getByRole('link', { name: 'Logg inn på nytt' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token answer that fails verification, and a replayed return, show a clear message', async ({ page, consoleErrors }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await approveInSimulator(page, PERSONS.parent, 'token:wrong_nonce');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toHaveText('Vi kunne ikke bekrefte innloggingen fra Vipps. Vennligst prøv å logge inn på nytt.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Til forsiden' })).toBeVisible();

    // The same return address again: the login state is single use.
    await page.reload();
    await expect(alert).toHaveText('Innloggingen er utløpt eller allerede fullført. Vennligst logg inn på nytt.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Logg inn på nytt' })).toHaveAttribute('href', '/login');
    expect(await readSession(page)).toBeNull();
    await expectAccessible(page);
    allowHttpErrors(consoleErrors, 401);
  });
});

test.describe('Login CSRF (issue 9)', () => {
  test('a return link from a login started in another browser is refused, and the session there stays', async ({ page, browser, consoleErrors }, testInfo) => {
    // The attacker's browser: starts a login, approves it as themselves, and stops before the exchange.
    const attacker = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const attackerPage = await attacker.newPage();
    // Closed only once the exchange is aborted: a route still pending when its context closes may go on to the server.
    let exchangeAborted!: () => void;
    const aborted = new Promise<void>((resolve) => (exchangeAborted = resolve));
    await attackerPage.route('**/api/vipps/token?**', async (route) => {
      await route.abort();
      exchangeAborted();
    });
    await attackerPage.goto('/login');
    await attackerPage.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await approveInSimulator(attackerPage, PERSONS.admin);
    await expect(attackerPage).toHaveURL(/\/vipps\/login-redirect\?.*code=/);
    const link = attackerPage.url();
    await aborted;
    await attacker.close();

    // The parent, logged in as themselves, opens the link.
    await loginAs(page, PERSONS.parent, '/');
    const before = await readSession(page);
    await page.goto(link);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Du ble ikke logget inn');
    await expect(main.getByRole('alert')).toHaveText('Innloggingen ble startet i en annen nettleser. Vennligst logg inn på nytt her.');
    expect(await readSession(page)).toEqual(before);
    await expectAccessible(page);

    // Still the parent's own account.
    await page.goto('/profil');
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Sara', exact: true })).toBeVisible();
    allowHttpErrors(consoleErrors, 401);
  });
});

test.describe('Session', () => {
  test('a stored session past expires_at logs out automatically with a warning', async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.parent, '/om-oss');
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!) as StoredSession;
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Date.now() - 1000 }));
    }, SESSION_KEY);
    await page.reload();
    await expect(page.getByText('Din session har gått ut. Vennligst logg inn igjen.')).toBeVisible();
    expect(await readSession(page)).toBeNull();
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Logg inn', exact: true })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'session-utlopt');
  });

  test('a token the server refuses logs out automatically with a warning', async ({ page, consoleErrors }) => {
    await loginAs(page, PERSONS.parent, '/');
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!) as StoredSession;
      localStorage.setItem(key, JSON.stringify({ ...session, id_token: `${session.id_token}x` }));
    }, SESSION_KEY);
    await page.reload();
    await expect(page.getByText('Din session har gått ut. Vennligst logg inn igjen.')).toBeVisible();
    await expect.poll(() => readSession(page)).toBeNull();
    allowHttpErrors(consoleErrors, 401);
  });

  test("'Logg ut' on the profile page ends the session", async ({ page }) => {
    await loginAs(page, PERSONS.parent, '/profil');
    await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
    await expect(page.getByText('Du har blitt logget ut')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(await readSession(page)).toBeNull();
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Logg inn', exact: true })).toBeVisible();
  });
});

test.describe('Sessions on /profil (issue 9)', () => {
  test("'Logg ut overalt' ends the parent's sessions in every browser at once", async ({ page, browser, consoleErrors }, testInfo) => {
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const otherPage = await other.newPage();
    // A person of its own: ending every session of a demo person would log out tests running beside this one.
    const person = newPerson(testInfo, 4, '47');
    await loginAsNew(otherPage, person);
    await loginAsNew(page, person);
    // The other browser leaves the site, keeping its token: an open /profil there would refetch in the background and
    // end its session (with the warning) before this test looks.
    await otherPage.goto('about:blank');

    const section = page.getByRole('region', { name: 'Innlogginger' });
    await expect(section.getByText('Denne enheten')).toHaveCount(1);
    await expect.poll(async () => section.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'innlogginger');

    await section.getByRole('button', { name: 'Logg ut overalt' }).click();
    await expect(page.getByText('Du har blitt logget ut')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(await readSession(page)).toBeNull();

    // The other browser still holds its token, and the server refuses it on the next request. The warning is a toast
    // of 5 s that comes with the first answer: look from the navigation's start, not from its load event, which on a
    // busy machine came after the toast had gone.
    await otherPage.goto('/profil', { waitUntil: 'commit' });
    await expect(otherPage.getByText('Din session har gått ut. Vennligst logg inn igjen.')).toBeVisible();
    await expect.poll(() => readSession(otherPage)).toBeNull();
    await other.close();
    allowHttpErrors(consoleErrors, 401);
  });

  test("'Logg ut' ends the session on the server too", async ({ page, consoleErrors }) => {
    await loginAs(page, PERSONS.parent, '/profil');
    const token = (await readSession(page))!.id_token;
    await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
    await expect(page.getByText('Du har blitt logget ut')).toBeVisible();
    await expect
      .poll(async () => (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status())
      .toBe(401);
    allowHttpErrors(consoleErrors, 401);
  });
});

test.describe('Admin and examples guards', () => {
  test('/admin logged out: the 401 view, whose login returns to /admin', async ({ page }, testInfo) => {
    await page.goto('/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Ikke logget inn' })).toBeVisible();
    await expect(main.getByText('Du må være logget inn for å se denne siden')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'admin-401');
    await main.getByRole('link', { name: 'Logg inn' }).click();
    await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await approveInSimulator(page, PERSONS.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashbord' })).toBeVisible();
  });

  test('/admin and /examples as a parent: 403 Ingen tilgang', async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.parent, '/');
    await page.goto('/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await expect(main.getByText('Du har ikke tilgang til å se denne siden')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Gå tilbake' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Til forsiden' })).toHaveAttribute('href', '/');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'admin-403');
    await page.goto('/examples');
    await expect(main.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await main.getByRole('button', { name: 'Gå tilbake' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('as admin: Dashbord, the sent-mail page, Eksempler and 404 for unknown sub-routes', async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.admin, '/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashbord' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'dashbord');

    // A contact message puts (at least) one e-mail in the outbox.
    const subjectOf = `E2E ${testInfo.project.name} ${Date.now()}`;
    const sent = await page.request.post('/api/contact', { data: { name: subjectOf, email: 'e2e@example.no', message: 'Hei!\nEn test.' } });
    expect(sent.ok()).toBe(true);
    // The outbox worker keeps it a moment later; only a kept message shows its text.
    await expect
      .poll(async () => (await apiAs<{ subject: string; status: string }[]>(page, 'GET', '/admin/outbox')).find((m) => m.subject.includes(subjectOf))?.status)
      .toBe('kept');

    await main.getByRole('link', { name: /Sendt e-post/ }).click();
    await expect(page).toHaveURL(/\/admin\/e-post$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Sendt e-post' })).toBeVisible();
    await expect(main.getByRole('status')).toHaveCount(0);
    await expect(main.getByRole('alert')).toHaveCount(0);
    const message = main.getByRole('listitem').filter({ hasText: subjectOf });
    await expect(message.getByRole('heading', { level: 2 })).toContainText(subjectOf);
    await expect(message.getByRole('term')).toHaveText(['Til', 'Tidspunkt', 'Vedlegg']);
    await expect(message.getByText('En test.')).toBeHidden();
    await message.getByText('Vis innholdet').click();
    await expect(message.getByText(/En test\./)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'sendt-e-post');

    await page.goto('/admin/finnes-ikke');
    await expect(page).toHaveURL(/\/404$/);
    await expect(main.getByRole('heading', { name: 'Ikke funnet' })).toBeVisible();

    await page.goto('/examples');
    await expect(main.getByRole('heading', { level: 1, name: 'Eksempler' })).toBeVisible();
    await expectAccessible(page);
  });
});
