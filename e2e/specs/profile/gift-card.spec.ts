import type { Page } from '@playwright/test';
import { allowHttpErrors, expectAccessible, login, uniqueLastName } from '../../support/auth';
import { adminPage, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** Gift cards (decision 059): a visitor buys one with Vipps and sees its code once; a parent redeems it and books with it. */

const CODE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

async function buyGiftCard(page: Page, amount: string): Promise<string> {
  await page.goto('/gavekort');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Gavekort' })).toBeVisible();
  await main.getByLabel('Beløp (kr)').fill('200');
  await main.getByLabel('Din e-post').fill('ikke-en-adresse');
  await main.getByRole('button', { name: 'Betal med Vipps' }).click();
  await expect(main.getByText('Velg et beløp i hele kroner fra 300 til 10 000 kr.')).toBeVisible();
  await expect(main.getByText('Vennligst skriv inn en gyldig e-postadresse.')).toBeVisible();
  await expect(main.getByText('Vennligst skriv hvem gavekortet er fra.')).toBeVisible();
  await expectAccessible(page);

  await main.getByLabel('Beløp (kr)').fill(amount);
  await main.getByLabel('Din e-post').fill('mormor@example.no');
  await main.getByLabel('Fra (navnet på gavekortet)').fill('Mormor Åse');
  await main.getByLabel('Hilsen (valgfri)').fill('God jul! Kos dere i bassenget.');
  await main.getByRole('button', { name: 'Betal med Vipps' }).click();

  await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
  await page.getByRole('button', { name: 'Betal' }).click();
  await expect(page).toHaveURL(/\/gavekort\/betaling\/plask-[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Takk for kjøpet!', { timeout: 20_000 });
  const code = (await page.getByTestId('gift-card-code').textContent())!.trim();
  expect(code).toMatch(CODE);
  return code;
}

test.describe('Gavekort', () => {
  test('a visitor buys a gift card and sees the code once; a parent redeems it and books with it', async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
    const code = await buyGiftCard(page, '2000');
    await expect(page.getByRole('main')).toContainText('Gavekort på 2 000 kr');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'gavekort-kode');
    // Once: a reload (or another browser) no longer shows it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gavekort');
    await expect(page.getByTestId('gift-card-code')).toHaveCount(0);

    // The footer leads to the page.
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Gavekort' })).toHaveAttribute('href', '/gavekort');

    // A course of the test's own: 1 950 kr.
    const admin = await adminPage(browser, baseURL, page);
    const { slug, course } = await setUpCourse(admin.page, { venue: uniqueName('Gavekortbadet', testInfo.project.name), dates: mondayDates(0, 1, 2, 3) });
    await admin.close();

    const lastName = uniqueLastName('Gavesen');
    await login(page, { lastName, children: [{ firstName: 'Emma', birthdate: '2026-03-14' }] }, '/profil');
    const redeem = page.getByRole('region', { name: 'Løs inn gavekort' });
    await redeem.getByLabel('Kode').fill(code.toLowerCase());
    await redeem.getByRole('button', { name: 'Løs inn' }).click();
    await expect(redeem.getByRole('status')).toContainText('Gavekortet er løst inn: 2 000 kr er lagt til tilgodebeløpet, gyldig til');
    await expect(redeem.getByRole('status')).toHaveText(/gyldig til \d\d\.\d\d\.\d{4}\.$/);
    await expect(page.getByTestId('family-credit')).toContainText('Tilgodebeløp: 2 000 kr');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'gavekort-lost-inn');

    // A second time: already used.
    await redeem.getByLabel('Kode').fill(code);
    await redeem.getByRole('button', { name: 'Løs inn' }).click();
    await expect(redeem.getByText('Gavekortet er allerede brukt.')).toBeVisible();
    allowHttpErrors(consoleErrors, 409);

    // The booking takes the credit: paid without Vipps.
    await page.goto(`/kurs/${slug}`);
    await page.locator(`article[data-course-id="${course._id}"]`).getByRole('button', { name: 'Bestill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
    const select = dialog.getByLabel('Velg barn');
    await select.selectOption((await select.locator('option', { hasText: `Emma ${lastName}` }).getAttribute('value'))!);
    await expect(dialog.getByText('Betales med tilgode (1 950 kr).')).toBeVisible();
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });

    await page.goto('/profil');
    await expect(page.getByTestId('family-credit')).toContainText('Tilgodebeløp: 50 kr');
  });
});
