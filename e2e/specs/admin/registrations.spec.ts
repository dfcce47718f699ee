import type { Page } from '@playwright/test';
import { expectAccessible, login, SESSION_KEY } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

interface Registrations {
  parents: { _id: string; firstName: string; lastName: string; profileId: string | null }[];
  children: { _id: string; firstName: string; lastName: string }[];
  parentCount: number;
  childCount: number;
}

const authHeader = async (page: Page) => {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  return { Authorization: `Bearer ${token}` };
};

/** Today in Oslo as YYYY-MM-DD. */
const osloToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
const ddmmyyyy = (key: string) => key.split('-').reverse().join('.');

test.describe('Brukerregistreringer (examples)', () => {
  test('defaults to this month, and the presets I dag and Forrige år show who registered', async ({ page }, testInfo) => {
    // Many steps, each with an axe scan, on a shared machine.
    test.setTimeout(180_000);
    await login(page, { role: 'admin' }, '/examples/user-registrations');
    const main = page.getByRole('main');
    const today = osloToday();
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    await expect(main.getByLabel('Fra dato')).toHaveValue(firstOfMonth);
    await expect(main.getByLabel('Til dato')).toHaveValue(today);
    await expect(main.getByRole('heading', { name: 'Brukere registrert i valgt periode' })).toBeVisible();
    for (const preset of ['I dag', 'I går', 'Denne uken', 'Forrige uke', 'Denne måneden', 'Forrige måned', 'Dette året', 'Forrige år']) {
      await expect(main.getByRole('button', { name: preset, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('button', { name: 'Denne måneden', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByText(/^Antall brukere: \d+$/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'brukerregistreringer');

    // A preset's period as the page asked the API for it: what the page shows must be that answer. (Other tests register
    // users at the same time, so a second request of the test's own could count more.)
    const choose = async (preset: string) => {
      const answer = page.waitForResponse((r) => r.url().includes('/api/users/by-registration-date?') && r.request().method() === 'GET');
      await main.getByRole('button', { name: preset, exact: true }).click();
      const res = await answer;
      expect(res.status()).toBe(200);
      // The spec's format: full ISO timestamps with milliseconds.
      const asked = new URL(res.url()).searchParams;
      for (const key of ['startDate', 'endDate']) expect(asked.get(key)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return (await res.json()) as Registrations;
    };
    const check = async (data: Registrations, start: string, end: string) => {
      await expect(main.getByTestId('registration-period')).toHaveText(`${ddmmyyyy(start)} – ${ddmmyyyy(end)}`);
      await expect(main.getByText(/^Antall brukere: \d+$/)).toHaveText(`Antall brukere: ${data.parentCount + data.childCount}`);
      await expect(main.getByRole('heading', { name: /^Foreldre \(\d+\)$/ })).toHaveText(`Foreldre (${data.parentCount})`);
      await expect(main.getByRole('heading', { name: /^Barn \(\d+\)$/ })).toHaveText(`Barn (${data.childCount})`);
      if (data.parentCount === 0) await expect(main.getByText('Ingen foreldre registrert i valgt periode.')).toBeVisible();
      else {
        const first = data.parents[0]!;
        // Two parents may share a name, and two guardians a profile: the link with this name to this profile.
        if (first.profileId) {
          const link = main.getByRole('link', { name: `Se profil: ${first.firstName} ${first.lastName}` }).and(main.locator(`a[href="/profil/${first.profileId}"]`));
          await expect(link.first()).toBeVisible();
        }
      }
      if (data.childCount === 0) await expect(main.getByText('Ingen barn registrert i valgt periode.')).toBeVisible();
      else await expect(main.getByText(`${data.children[0]!.firstName} ${data.children[0]!.lastName}`).first()).toBeVisible();
    };

    // I dag: the admin logged in just now, so at least the demo's users registered today… or nobody; the page shows
    // its answer either way.
    const todays = await choose('I dag');
    await expect(main.getByLabel('Fra dato')).toHaveValue(today);
    await check(todays, today, today);
    await expectAccessible(page);

    const lastYear = Number(today.slice(0, 4)) - 1;
    const lastYears = await choose('Forrige år');
    await expect(main.getByLabel('Fra dato')).toHaveValue(`${lastYear}-01-01`);
    await expect(main.getByLabel('Til dato')).toHaveValue(`${lastYear}-12-31`);
    await check(lastYears, `${lastYear}-01-01`, `${lastYear}-12-31`);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'brukerregistreringer-forrige-aar');

    // An invalid period (from after to) clears the last answer instead of showing it under the new dates (issue 35).
    await main.getByLabel('Til dato').fill(`${lastYear}-01-01`);
    await main.getByLabel('Fra dato').fill(`${lastYear}-06-01`);
    await expect(main.getByText('Velg en gyldig periode (fra-datoen kan ikke være etter til-datoen).')).toBeVisible();
    await expect(main.getByText(/^Antall brukere:/)).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Foreldre (0)' })).toBeVisible();
    await expect(main.getByRole('link', { name: /^Se profil:/ })).toHaveCount(0);
    await main.getByRole('button', { name: 'Forrige år', exact: true }).click();
    await expect(main.getByText(/^Antall brukere: \d+$/)).toBeVisible();

    // Se profil opens the parent's profile
    const seProfil = main.getByRole('link', { name: /^Se profil:/ }).first();
    if (await seProfil.count()) {
      const href = await seProfil.getAttribute('href');
      await seProfil.click();
      await expect(page).toHaveURL(href!);
    }
  });

  test('the API refuses dates that are not full ISO timestamps with milliseconds', async ({ page, consoleErrors }) => {
    await login(page, { role: 'admin' }, '/examples');
    const res = await page.request.get('/api/users/by-registration-date', {
      headers: await authHeader(page),
      params: { startDate: '2026-01-01', endDate: '2026-01-31T23:59:59Z' },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Invalid date format');
    expect(consoleErrors).toEqual([]);
  });
});
