import type { Page } from '@playwright/test';
import { allowHttpErrors, login, waitForToastsToSettle } from '../../support/auth';
import { mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

/**
 * Decision 029 (issue 35, item 11): a failed call says so in the spec's words (§8), never an empty list and never
 * nothing. Each test makes one call fail with a 500 and finds the text.
 */

const fail = (page: Page, pattern: string, method?: string) =>
  page.route(pattern, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal server error' } }) });
  });

/** On a phone a toast lies over a dialog's buttons, and a pointer resting on it keeps it open: move away, let it go. */
async function letToastGo(page: Page, text: string) {
  await page.mouse.move(0, 0);
  await expect(page.getByText(text)).toBeHidden();
}

test.describe('Failures in the spec’s words', () => {
  test.describe.configure({ timeout: 120_000 });

  test('dashboard: latest logins and statistics say they could not be fetched; a 403 shows nothing', async ({ page, consoleErrors }) => {
    await login(page, { role: 'admin' }, '/kurs');
    await fail(page, '**/api/users/last-logged-in**');
    await page.goto('/admin');
    const logins = page.getByRole('main').getByRole('region', { name: 'Siste innloggede brukere' });
    await expect(logins.getByRole('alert')).toHaveText('Kunne ikke hente siste innloggede brukere');

    await page.unroute('**/api/users/last-logged-in**');
    await page.route('**/api/users/last-logged-in**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }) }),
    );
    await page.reload();
    await expect(logins).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashbord' })).toBeVisible();
    await expect(logins.getByRole('alert')).toHaveCount(0);

    await fail(page, '**/api/statistics/payments**');
    await page.goto('/admin/ordre');
    const panel = page.getByRole('main').getByRole('region', { name: 'Statistikk' });
    await panel.getByRole('button', { name: 'Hent graf' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Kunne ikke hente statistikk');
    allowHttpErrors(consoleErrors, 500, 403);
  });

  test('course and venue forms: the toast, and "Feil ved …" in the form, which stays open', async ({ page, consoleErrors }, testInfo) => {
    await login(page, { role: 'admin' }, '/kurs');
    const venue = uniqueName('Feilbadet', testInfo.project.name);
    const { slug, course } = await setUpCourse(page, { venue, dates: mondayDates(2, 3) });
    await page.goto(`/kurs/${slug}`);
    const main = page.getByRole('main');

    // ---- editing a course
    await fail(page, '**/api/courses/**', 'PATCH');
    const row = main.locator(`article[data-course-id="${course._id}"]`);
    await row.getByRole('button', { name: /Mandager kl/ }).click();
    await row.getByRole('button', { name: 'Endre kurs' }).click();
    const edit = page.getByRole('dialog', { name: 'Endre kurs' });
    await edit.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Kunne ikke oppdatere kurset')).toBeVisible();
    await expect(edit.getByRole('alert')).toHaveText('Feil ved lagring av kurs');

    // ---- deleting it
    await letToastGo(page, 'Kunne ikke oppdatere kurset');
    await fail(page, '**/api/courses/**', 'DELETE');
    await edit.getByRole('button', { name: 'Slett' }).click();
    await page.getByRole('alertdialog', { name: 'Slett kurs' }).getByRole('button', { name: 'Slett' }).click();
    await expect(page.getByText('Kunne ikke slette kurset')).toBeVisible();
    await expect(edit.getByRole('alert')).toHaveText('Feil ved sletting av kurs');
    await letToastGo(page, 'Kunne ikke slette kurset');
    await edit.getByRole('button', { name: 'Avbryt' }).click();
    await waitForToastsToSettle(page);

    // ---- a new course
    await fail(page, '**/api/courses', 'POST');
    await main.getByRole('button', { name: 'Klikk her for å legge til nytt kurs' }).click();
    const create = page.getByRole('dialog', { name: 'Nytt kurs' });
    await create.getByLabel('Kurstype').selectOption('Nybegynner');
    await create.getByLabel('Alder fra (mnd)').fill('6');
    await create.getByLabel('Alder til (mnd)').fill('12');
    await create.getByLabel('Pris (kr)').fill('1975');
    await create.getByLabel('Maks antall deltakere').fill('6');
    await create.getByLabel('Skriv inn dato (ÅÅÅÅ-MM-DD)').fill(mondayDates(4)[0]!.slice(0, 10));
    await expect(create.getByText('1 dato valgt')).toBeVisible();
    await create.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Kunne ikke opprette kurset')).toBeVisible();
    await expect(create.getByRole('alert')).toHaveText('Feil ved lagring av nytt kurs');
    await letToastGo(page, 'Kunne ikke opprette kurset');
    await create.getByRole('button', { name: 'Avbryt' }).click();

    // ---- the venue
    await fail(page, '**/api/places/**', 'PATCH');
    await main.getByRole('button', { name: 'Endre sted' }).click();
    const place = page.getByRole('dialog', { name: 'Endre sted' });
    await place.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Kunne ikke oppdatere stedet')).toBeVisible();
    await expect(place.getByRole('alert')).toHaveText('Feil ved lagring av sted');
    allowHttpErrors(consoleErrors, 500);
  });

  test('profile: the course history says it could not be fetched (toast and in place)', async ({ page, consoleErrors }) => {
    // The history is asked for the family's children.
    await login(page, { children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }, { firstName: 'Emma', birthdate: '2026-03-14' }] }, '/kurs');
    await fail(page, '**/api/users/courses?**');
    await page.goto('/profil');
    await expect(page.getByText('Kunne ikke hente kurshistorikk')).toBeVisible();
    await expect(page.getByRole('main').getByText('Kunne ikke laste kurshistorikk. Vennligst prøv igjen senere.')).toBeVisible();
    allowHttpErrors(consoleErrors, 500);
  });
});
