import { allowHttpErrors, expectAccessible, login, uniqueLastName } from '../../support/auth';
import { adminPage, apiAs, mondayDates, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * Discount codes (decision 058): a parent types codes into 'Rabattkode' in the booking dialog. An unknown and an
 * expired code are refused in Norwegian; a valid one, typed in small letters, shows 'Rabattkode KODE −195 kr' before
 * 'Betal' and on the payment page, and the admin's list counts the use.
 */
const codeOf = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

test('a code is refused, then applied, shown before payment and on the payment page', async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, baseURL, page);
  try {
    const { slug, course } = await setUpCourse(admin.page, { venue: uniqueName('Kodebadet', testInfo.project.name), dates: mondayDates(1, 2, 3) });
    const [live, old] = [codeOf('TI'), codeOf('GAMMEL')];
    const terms = { maxUses: 10, maxUsesPerFamily: 1, courseIds: [course._id] };
    await apiAs(admin.page, 'POST', '/discount-codes', { code: live, kind: 'percent', percent: 10, validFrom: mondayKey(-1), validTo: mondayKey(4), ...terms });
    await apiAs(admin.page, 'POST', '/discount-codes', { code: old, kind: 'amount', amountKr: 100, validFrom: mondayKey(-4), validTo: mondayKey(-2), ...terms });

    const lastName = uniqueLastName('Kode');
    await login(page, { lastName, children: [{ firstName: 'Emma', birthdate: '2025-06-14' }] }, `/kurs/${slug}`);
    await page.goto(`/kurs/${slug}`);
    await page.locator(`article[data-course-id="${course._id}"]`).getByRole('button', { name: 'Bestill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
    const select = dialog.getByLabel('Velg barn');
    await select.selectOption((await select.locator('option', { hasText: `Emma ${lastName}` }).getAttribute('value'))!);
    const field = dialog.getByLabel('Rabattkode');

    await field.fill('FINNESIKKE');
    await expect(dialog.getByText('Ukjent rabattkode. Sjekk at du har skrevet den riktig.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill(old.toLowerCase());
    await expect(dialog.getByText('Rabattkoden er utløpt.')).toBeVisible();
    await expect(dialog.getByText(/Å betale/)).toHaveCount(0);
    await expectAccessible(page);
    // The refusals are answers (404 unknown, 409 expired), which the browser logs as failed loads.
    allowHttpErrors(consoleErrors, 404, 409);

    await field.fill(live.toLowerCase());
    await expect(dialog.getByText(`Rabattkode ${live} −195 kr`)).toBeVisible();
    await expect(dialog.getByText('Å betale: 1 755 kr')).toBeVisible();
    await expect(dialog.getByText('Rabattkoden er utløpt.')).toHaveCount(0);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await expect(page.locator('.amount')).toHaveText(/1\s755/);
    await page.getByRole('button', { name: 'Betal' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    await expect(main.getByRole('term').filter({ hasText: `Rabattkode ${live}` })).toBeVisible();
    await expect(main).toContainText('−195 kr');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'rabattkode-betalt');

    // The admin sees the use.
    await admin.page.goto('/admin/rabattkoder');
    const row = admin.page.getByRole('listitem').filter({ hasText: live });
    await expect(row).toContainText('Brukt 1 av 10 ganger');
    await expectAccessible(admin.page);
    // … and adds one in the form: a bad percentage is refused in Norwegian, then saved.
    const added = codeOf('NY');
    await admin.page.getByRole('button', { name: 'Ny rabattkode' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Ny rabattkode' });
    await form.getByLabel('Kode', { exact: true }).fill(added.toLowerCase());
    await form.getByLabel('Prosent', { exact: true }).fill('120');
    await form.getByLabel('Gyldig til', { exact: true }).fill(mondayKey(8));
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(form.getByText('Prosenten må være et helt tall fra 1 til 100.')).toBeVisible();
    await expectAccessible(admin.page);
    await form.getByLabel('Prosent', { exact: true }).fill('15');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(form).toBeHidden();
    await expect(admin.page.getByRole('listitem').filter({ hasText: added })).toContainText('15 %');
  } finally {
    await admin.close();
  }
});
