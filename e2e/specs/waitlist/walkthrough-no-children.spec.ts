import type { Locator } from '@playwright/test';
import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** The text of the option a select has chosen. */
const chosen = (select: Locator) => select.evaluate((el) => {
  const s = el as unknown as { selectedOptions: { text: string }[] };
  return s.selectedOptions[0]?.text ?? '';
});

async function addChild(dialog: Locator, firstName: string) {
  await dialog.getByRole('button', { name: 'Legg til barn' }).click();
  const add = dialog.page().getByRole('dialog', { name: 'Legg til barn' });
  await add.getByLabel('Fornavn').fill(firstName);
  await add.getByLabel('Etternavn').fill('Ventesen');
  await add.getByLabel('Fødselsdato').fill('2025-01-15');
  await add.getByRole('button', { name: 'Lagre' }).click();
  await expect(add).toBeHidden();
}

test.describe('The waitlist for a family without children (issue 35, item 7)', () => {
  test.describe.configure({ timeout: 150_000 });

  test("a parent without children adds one from the waitlist dialog; a child already on the course is not preselected", async ({ page, browser, baseURL }, testInfo) => {
    // A full course: one place, taken by a child of a family of the test's own.
    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Ventebadet', testInfo.project.name), children: 1, maximumParticipants: 1, dates: mondayDates(1, 2, 3) });

    await login(page, {}, `/kurs/${setup.slug}`);
    const row = page.locator(`article[data-course-id="${setup.course._id}"]`);
    await expect(row.getByText('Fullt').first()).toBeVisible();
    await row.getByRole('button', { name: 'Sett barnet på venteliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sett barnet på venteliste' });
    await expect(dialog).toContainText('Du har ingen barn registrert');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'venteliste-uten-barn');

    // 'Legg til barn' (the booking dialog's own add-child dialog), and the new child is chosen.
    await addChild(dialog, 'Alfa');
    const select = dialog.getByLabel('Velg barn');
    expect(await chosen(select)).toMatch(/^Alfa Ventesen/);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();

    // Alfa gets a place after all (the admin, above the maximum); the family then wants Beta on the waitlist.
    const profiles = await apiAs<{ children: { _id: string; firstName: string }[] }[]>(page, 'GET', '/profiles');
    const alfa = profiles.flatMap((p) => p.children).find((c) => c.firstName === 'Alfa')!;
    await apiAs(admin.page, 'POST', `/courses/${setup.course._id}/participants`, { id: alfa._id, override: true });
    await admin.close();
    await page.reload();
    await row.getByRole('button', { name: 'Sett barnet på venteliste' }).click();
    await addChild(dialog, 'Beta');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    // Opened again: the child who can join is preselected, not the one already on the course.
    await row.getByRole('button', { name: 'Sett barnet på venteliste' }).click();
    expect(await chosen(select)).toMatch(/^Beta Ventesen/);
    await expect(select.locator('option', { hasText: 'Alfa Ventesen' })).toContainText('allerede påmeldt');
    await dialog.getByRole('button', { name: 'Sett på venteliste' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Du er nr. 1 på ventelisten (Beta)')).toBeVisible();
  });
});
