import type { Browser, Page } from '@playwright/test';
import { expectAccessible, login, SESSION_KEY } from '../../support/auth';
import { mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, otherBrowser, test } from '../../support/fixtures';

const authHeader = async (page: Page) => {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  return { Authorization: `Bearer ${token}` };
};

async function newPage(browser: Browser, baseURL: string | undefined) {
  return (await otherBrowser(browser, baseURL)).page;
}

test.describe('Terms editing (admin)', () => {
  test('an admin adds, edits and deletes a term; each change is a new version', async ({ page }, testInfo) => {
    // Many steps, each with an axe scan, on a shared machine.
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const category = `Testkategori ${tag}`;
    await login(page, { role: 'admin' }, '/regler-og-betingelser');
    const main = page.getByRole('main');
    const version = async () => Number((await main.getByTestId('terms-version').locator('strong').textContent()) ?? 0);
    await expect(main.getByTestId('terms-version')).toBeVisible();
    const v0 = await version();

    // Add: a new term starts with an empty text and priority 0
    await main.getByRole('button', { name: 'Legg til regel/betingelse' }).click();
    const form = main.getByRole('form', { name: 'Ny regel/betingelse' });
    await expect(form.getByLabel('Prioritet')).toHaveValue('0');
    await expect(form.getByRole('button', { name: 'Slett' })).toHaveCount(0);
    await form.getByLabel('Kategori').fill(category);
    await form.getByLabel('Tekst').fill('Avbestilling må skje <strong>senest</strong> 14 dager før kursstart.');
    await form.getByLabel('Prioritet').fill('5');
    // A hand-written cancellation rule would contradict the generated one: the editor says so (walk-through 06.12, 7).
    await expect(form.getByRole('status')).toContainText('Avbestilling og refusjon står allerede i den faste delen «Avbestilling»');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'regel-ny');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Regel/betingelse ble opprettet')).toBeVisible();
    const section = main.locator('section', { has: page.getByRole('heading', { name: category }) });
    await expect(section.getByText('senest')).toHaveJSProperty('tagName', 'STRONG');
    await expect.poll(version).toBeGreaterThan(v0);
    const v1 = await version();

    // Cancel discards
    await section.getByRole('button', { name: /^Rediger regel/ }).click();
    await main.getByRole('form', { name: 'Rediger regel/betingelse' }).getByLabel('Tekst').fill('Forkastet tekst');
    await main.getByRole('form', { name: 'Rediger regel/betingelse' }).getByRole('button', { name: 'Avbryt' }).click();
    await expect(section.getByText('Forkastet tekst')).toHaveCount(0);

    // Edit
    await section.getByRole('button', { name: /^Rediger regel/ }).click();
    const edit = main.getByRole('form', { name: 'Rediger regel/betingelse' });
    await edit.getByLabel('Tekst').fill('Avbestilling må skje senest 7 dager før kursstart.');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Regel/betingelse ble oppdatert')).toBeVisible();
    await expect(section.getByText('Avbestilling må skje senest 7 dager før kursstart.')).toBeVisible();
    await expect.poll(version).toBeGreaterThan(v1);
    await keepScreenshot(page, testInfo, 'regler-admin');

    // Delete
    await section.getByRole('button', { name: /^Rediger regel/ }).click();
    await main.getByRole('form', { name: 'Rediger regel/betingelse' }).getByRole('button', { name: 'Slett' }).click();
    // Asked first (issue 35).
    await page.getByRole('alertdialog', { name: 'Slett regel/betingelse?' }).getByRole('button', { name: 'Slett' }).click();
    await expect(page.getByText('Regel/betingelse ble slettet')).toBeVisible();
    await expect(main.getByRole('heading', { name: category })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a booking records the version of the terms the parent accepted, and the order shows it', async ({ page, browser, baseURL }, testInfo) => {
    // Many steps, each with an axe scan, on a shared machine.
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const text = `Vilkår for testbestilling ${tag}.`;
    await login(page, { role: 'admin' }, '/regler-og-betingelser');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Legg til regel/betingelse' }).click();
    const form = main.getByRole('form', { name: 'Ny regel/betingelse' });
    await form.getByLabel('Kategori').fill(`Bestilling ${tag}`);
    await form.getByLabel('Tekst').fill(text);
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Regel/betingelse ble opprettet')).toBeVisible();

    // The parent starts a payment (accepting the terms) and pays in the simulator.
    const parent = await newPage(browser, baseURL);
    await login(parent, { children: [{ firstName: 'Lina', birthdate: '2025-02-20' }] }, '/profil');
    const headers = await authHeader(parent);
    const me = (await (await parent.request.get('/api/users/me', { headers })).json()) as { _id: string };
    const profiles = (await (await parent.request.get('/api/profiles', { headers })).json()) as { children: { _id: string }[] }[];
    const child = profiles[0]!.children[0]!;
    // A course of its own (no age bounds, places free): one payment start, not a search through the demo courses.
    const { course } = await setUpCourse(page, { venue: uniqueName('Vilkår', testInfo.project.name), dates: mondayDates(1, 2) });
    const res = await parent.request.post('/api/vipps/payment', { headers, data: { userId: me._id, childId: child._id, courseId: course._id } });
    expect(res.status(), await res.text()).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    await parent.goto(redirectUrl);
    await parent.getByRole('button', { name: 'Betal' }).click();
    await expect(parent).toHaveURL(/\/vipps\/payment\/[A-Za-z0-9-]+$/);
    const terms = parent.getByRole('main').getByRole('definition').filter({ hasText: /^Regler og betingelser, versjon \d+$/ });
    await expect(terms).toBeVisible({ timeout: 20_000 });
    const accepted = Number((await terms.textContent())!.match(/\d+$/)![0]);
    await expectAccessible(parent);
    await keepScreenshot(parent, testInfo, 'ordre-vilkaarsversjon');
    const paymentPath = new URL(parent.url()).pathname;
    await parent.context().close();

    // The admin sees the same version on the order, and that version holds the term as it was then.
    await page.goto(paymentPath);
    await expect(page.getByRole('main').getByRole('definition').filter({ hasText: `Regler og betingelser, versjon ${accepted}` })).toBeVisible({
      timeout: 20_000,
    });
    const adminHeaders = await authHeader(page);
    const snapshot = (await (await page.request.get(`/api/terms-and-conditions/versions/${accepted}`, { headers: adminHeaders })).json()) as {
      terms: { _id: string; text: string }[];
    };
    const mine = snapshot.terms.find((t) => t.text.includes(text));
    expect(mine, `version ${accepted} holds the term the admin added before the booking`).toBeTruthy();

    // Tidy up: the term goes (a new version); the order keeps its version.
    expect((await page.request.delete(`/api/terms-and-conditions/${mine!._id}`, { headers: adminHeaders })).status()).toBe(204);
  });
});
