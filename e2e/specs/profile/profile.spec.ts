import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { familyOnCourses } from '../../support/admin';
import { allowHttpErrors, expectAccessible, login, makePerson, SESSION_KEY, startSession, uniqueLastName } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** The caller's own profile ids, through the API with the page's stored session. */
async function ownProfileIds(page: Page): Promise<string[]> {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  const res = await page.request.get('/api/profiles', { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { _id: string }[]).map((p) => p._id);
}

test.describe('Profil', () => {
  test('guardians, children with age, upcoming courses and course history', async ({ page, browser, baseURL }, testInfo) => {
    const person = await familyOnCourses(page, browser, baseURL, testInfo.project.name);
    const { lastName } = person.user;
    await startSession(page, person, '/profil');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Min profil');
    await expect(main.getByRole('heading', { level: 2, name: 'Foresatte' })).toBeVisible();
    // The stored phone (47 and eight digits) loses its country prefix for display: '910 00 003'.
    const local = person.user.phone!.replace(/^47/, '');
    await expect(main.getByText(`${local.slice(0, 3)} ${local.slice(3, 5)} ${local.slice(5)}`)).toBeVisible();
    await expect(main.getByText(person.user.email!)).toBeVisible();

    const jakob = main.getByRole('article', { name: `Jakob ${lastName}` });
    await expect(jakob).toContainText(/\d+ år · født 02\.06\.2023/);
    await expect(jakob.getByRole('heading', { name: 'Påmeldte kurs' })).toBeVisible();
    await expect(jakob.getByRole('heading', { name: 'Kurshistorikk' })).toBeVisible();
    // Jakob is on a course that has ended and on an upcoming one.
    await expect(jakob.getByText('Fullført', { exact: true }).first()).toBeVisible();
    await expect(jakob.getByText(/^(Påmeldt|Pågår)$/).first()).toBeVisible();

    const emma = main.getByRole('article', { name: `Emma ${lastName}` });
    await expect(emma).toContainText(/(\d+ (mnd|dager)|1 dag) · født 14\.03\.2026/);
    await expect(emma.getByText('Ingen kurshistorikk')).toBeVisible();
    await expect(emma.getByRole('button', { name: /^Last ned kalender/ }).first()).toBeVisible();

    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'profil');
  });

  test("'Legg til barn' adds a child with capitalised names", async ({ page }, testInfo) => {
    await login(page, { children: [{ firstName: 'Lina', birthdate: '2025-02-20' }] }, '/profil');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Legg til barn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Legg til barn' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'legg-til-barn');

    await dialog.getByLabel('Fornavn').fill('nora');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Alle feltene må fylles ut');
    await expect(page.getByText('Mangler påkrevde felt')).toBeVisible();
    await expect(dialog.getByLabel('Etternavn')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    const first = testInfo.project.name === 'phone' ? 'nora-marie' : 'per olav';
    await dialog.getByLabel('Fornavn').fill(first);
    await dialog.getByLabel('Etternavn').fill('karimi');
    await dialog.getByLabel('Fødselsdato').fill('2025-11-02');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Barnet har blitt lagt til')).toBeVisible();
    await expect(dialog).toBeHidden();

    const name = testInfo.project.name === 'phone' ? 'Nora-Marie Karimi' : 'Per Olav Karimi';
    const child = main.getByRole('article', { name });
    await expect(child).toBeVisible();
    await expect(child).toContainText('født 02.11.2025');
    await expect(child.getByText('Ingen påmeldte kurs')).toBeVisible();
    await expect(child.getByText('Ingen kurshistorikk')).toBeVisible();
    await expectAccessible(page);
  });

  test("'Last ned kalender' saves the course as an .ics file", async ({ page, browser, baseURL }, testInfo) => {
    const person = await familyOnCourses(page, browser, baseURL, testInfo.project.name);
    await startSession(page, person, '/profil');
    const emma = page.getByRole('main').getByRole('article', { name: `Emma ${person.user.lastName}` });
    const downloading = page.waitForEvent('download');
    await emma.getByRole('button', { name: /^Last ned kalender/ }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kurskalender .+ \d{2}\.\d{2}\.\d{4}\.ics$/);
    const content = readFileSync((await download.path())!, 'utf8');
    expect(content).toContain('BEGIN:VCALENDAR');
    expect(content).toContain('BEGIN:VEVENT');
  });

  test('/profil/{id}: malformed → not found, another family → Ingen tilgang, unknown → not found; admin sees it', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    // Another family of the test's own, with one child.
    const other = await makePerson(page.request, { lastName: uniqueLastName('Karimi'), children: [{ firstName: 'Lina', birthdate: '2025-02-20' }] });
    const othersProfile = other.profileId;
    await login(page, { children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }] }, '/profil');
    const main = page.getByRole('main');

    await page.goto('/profil/ikke-en-id');
    await expect(main.getByRole('heading', { name: 'Ikke funnet' })).toBeVisible();

    await page.goto(`/profil/${othersProfile}`);
    await expect(main.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/profil/0123456789abcdef01234567');
    await expect(main.getByRole('heading', { name: 'Ikke funnet' })).toBeVisible();

    // The parent's own first profile by id goes back to /profil.
    const [own] = await ownProfileIds(page);
    await page.goto(`/profil/${own}`);
    await expect(page).toHaveURL(/\/profil$/);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Min profil');

    const admin = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const adminPage = await admin.newPage();
    await login(adminPage, { role: 'admin' }, `/profil/${othersProfile}`);
    await expect(adminPage.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Profil');
    await expect(adminPage.getByRole('main').getByText(`${other.user.firstName} ${other.user.lastName}`).first()).toBeVisible();
    await expect(adminPage.getByRole('main').getByRole('article', { name: `Lina ${other.user.lastName}` })).toBeVisible();
    // Another family's profile: no 'Logg ut' there (issue 35); the admin's own profile has it.
    await expect(adminPage.getByRole('main').getByRole('button', { name: 'Logg ut', exact: true })).toHaveCount(0);
    await keepScreenshot(adminPage, testInfo, 'profil-som-admin');
    await adminPage.goto('/profil');
    await expect(adminPage.getByRole('main').getByRole('button', { name: 'Logg ut', exact: true })).toBeVisible();
    await admin.close();
    allowHttpErrors(consoleErrors, 403, 404);
  });

  test("the page's own lists are asked without waiting for the access check's answer", async ({ page }) => {
    await login(page, { children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }] }, '/');
    // /users/me (the access check) is held until the other lists have been asked. Without the route's loader they wait
    // for its answer, so it is let go after 10 s and the order below shows it.
    const lists = ['/api/profiles', '/api/waitlist/mine', '/api/users/me/sessions'];
    const events: string[] = [];
    let allAsked!: () => void;
    const asked = new Promise<void>((resolve) => (allAsked = resolve));
    for (const list of lists) {
      await page.route(`**${list}`, async (route) => {
        events.push(`${list} asked`);
        if (lists.every((l) => events.includes(`${l} asked`))) allAsked();
        await route.continue();
      });
    }
    await page.route('**/api/users/me', async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      events.push('/api/users/me answered');
      await route.continue();
    });
    await page.goto('/profil');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Foresatte' })).toBeVisible();
    expect(events.indexOf('/api/users/me answered')).toBe(lists.length);
  });

  test('/profil logged out shows the 401 view', async ({ page }) => {
    await page.goto('/profil');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Ikke logget inn' })).toBeVisible();
    await expectAccessible(page);
  });
});
