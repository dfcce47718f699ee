import type { Page } from '@playwright/test';
import { expectAccessible, login, uniqueLastName } from '../../support/auth';
import { adminPage, bearer, mondayDates, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * The sibling discount (decision 058): with the slice 'siblingDiscount' on, a family books its first child at the full
 * price and sees 'Søskenrabatt −340 kr' in the booking dialog for the second, then on the payment page. The slice is
 * one for the whole run, so the spec runs on the phone only and turns it off again when it is done.
 */
const setSibling = async (admin: Page, value: unknown) => {
  const res = await admin.request.fetch(`/api/settings/siblingDiscount`, { method: 'PUT', data: value, headers: await bearer(admin) });
  expect(res.ok(), await res.text()).toBe(true);
};

async function bookAndPay(page: Page, slug: string, courseId: string, child: string, expectDiscount: boolean) {
  await page.goto(`/kurs/${slug}`);
  await page.locator(`article[data-course-id="${courseId}"]`).getByRole('button', { name: 'Bestill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
  const select = dialog.getByLabel('Velg barn');
  await select.selectOption((await select.locator('option', { hasText: child }).getAttribute('value'))!);
  if (expectDiscount) {
    await expect(dialog.getByText('Søskenrabatt −340 kr')).toBeVisible();
    await expect(dialog.getByText('Å betale: 1 610 kr')).toBeVisible();
    await expectAccessible(page);
  } else {
    await expect(dialog).toContainText('1 950 kr');
    await expect(dialog.getByText(/Søskenrabatt/)).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: 'Betal' }).click();
  await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
  await page.getByRole('button', { name: 'Betal' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
}

test('a family books a second child in the season and sees the sibling discount', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, baseURL, page);
  try {
    const dates = mondayDates(1, 2, 3);
    const { slug, course } = await setUpCourse(admin.page, { venue: uniqueName('Søskenbadet', testInfo.project.name), dates });
    // The course's dates lie in a season: the demo's, or one made here (a clash means one is there already).
    const season = await admin.page.request.fetch('/api/seasons', { method: 'POST', data: { name: uniqueName('Sesong', testInfo.project.name), startsOn: mondayKey(1), endsOn: mondayKey(3) }, headers: await bearer(admin.page) });
    expect([201, 409]).toContain(season.status());
    await setSibling(admin.page, { type: 'amount', amountKr: 340, from: mondayKey(-1) });

    const lastName = uniqueLastName('Søsken');
    await login(page, { lastName, children: [{ firstName: 'Emma', birthdate: '2026-03-14' }, { firstName: 'Jakob', birthdate: '2025-06-02' }] }, `/kurs/${slug}`);
    await bookAndPay(page, slug, course._id, `Emma ${lastName}`, false);
    await bookAndPay(page, slug, course._id, `Jakob ${lastName}`, true);
    const main = page.getByRole('main');
    await expect(main.getByRole('term').filter({ hasText: /^Søskenrabatt$/ })).toBeVisible();
    await expect(main).toContainText('−340 kr');
    await expect(main).toContainText('1 610 kr');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'soskenrabatt-betalt');
  } finally {
    await setSibling(admin.page, { type: 'off' });
    await admin.close();
  }
});
