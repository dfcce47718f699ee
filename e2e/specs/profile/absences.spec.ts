import { adminPage, apiAs, instructorPage, mondayDates, mondayKey, setUpCourse, setUpLevel, uniqueName } from '../../support/admin';
import { expectAccessible, login } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
const norwegian = (key: string) => key.split('-').reverse().join('.');

/** Issue 58 (decision 061): 'Meld fravær' gives a token; the token books a make-up date at another venue; the instructors see both. */
test.describe('Fravær og erstatningstime', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a parent reports an absence, gets a token and books a make-up date at another venue; the instructors’ lists change', async ({ page, browser, baseURL }, testInfo) => {
    const person = await login(page, { children: [{ firstName: 'Sjøfrid', birthdate: '2025-06-15' }] });
    const child = person.children[0]!;
    const admin = await adminPage(browser, baseURL, page);
    const instructor = await instructorPage(browser, baseURL, page);
    // A level of the test's own: only its two courses fit the token, whatever else is in Oslo.
    const level = await setUpLevel(admin.page, uniqueName('Fravær-nivå', testInfo.project.name), ['Flyter']);
    const own = await setUpCourse(admin.page, { venue: uniqueName('c58 Hjemmebadet', testInfo.project.name), instructor: instructor.name, dates: mondayDates(2, 3), levelId: level.id });
    const other = await setUpCourse(admin.page, { venue: uniqueName('c58 Bortebadet', testInfo.project.name), instructor: instructor.name, dates: mondayDates(4), levelId: level.id, children: 1 });
    await apiAs(admin.page, 'POST', `/courses/${own.course._id}/participants`, { id: child._id });

    // ---- the parent: 'Meld fravær' on the first Monday, with a reason
    await page.goto('/profil');
    const section = page.getByRole('region', { name: 'Fravær og erstatningstimer' });
    const first = section.getByTestId('absence-date').filter({ hasText: norwegian(mondayKey(2)) });
    await expect(first).toContainText('Sjøfrid');
    await expectAccessible(page);
    await first.getByRole('button', { name: /^Meld fravær for Sjøfrid/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Sjøfrid ${child.lastName} kommer ikke ${norwegian(mondayKey(2))} kl. 10:00`);
    await dialog.getByLabel('Syk').check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Meld fravær' }).click();
    await expect(page.getByText('Fravær meldt. Dere har fått en erstatningstime.')).toBeVisible();
    await expect(first).toContainText('Meldt fravær');
    const token = section.getByTestId('makeup-token');
    await expect(token).toContainText('Gjelder til');
    await expectAccessible(page);

    // ---- 'Finn erstatningstime': the other venue's Monday, one tap
    await token.getByRole('link', { name: /Finn erstatningstime/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finn erstatningstime');
    const option = page.getByTestId('makeup-option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(norwegian(mondayKey(4)));
    await expect(option).toContainText('7 ledige plasser');
    await expectAccessible(page);
    await option.getByRole('button', { name: /^Velg/ }).click();
    await expect(page.getByText(`Erstatningstimen ${norwegian(mondayKey(4))} kl. 10:00 er bestilt.`)).toBeVisible();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(section.getByTestId('makeup-token')).toContainText(`Bestilt ${norwegian(mondayKey(4))} kl. 10:00`);
    await expect(section.getByRole('button', { name: 'Avbestill erstatningstimen' })).toBeVisible();
    await expectAccessible(page);

    // ---- the instructor: 'Meldt fravær' and one child fewer on the family's course, the make-up child on the other
    const i = instructor.page;
    await i.goto(`/oppmote/${own.course._id}`);
    const ownChanges = i.getByTestId('course-changes');
    await expect(ownChanges).toContainText('Meldt fravær');
    await expect(ownChanges).toContainText(`${norwegian(mondayKey(2))}: Sjøfrid ${child.lastName}`);
    await expect(ownChanges).toContainText(`${norwegian(mondayKey(2))}: 0 barn`);
    await expectAccessible(i);
    await i.goto(`/oppmote/${other.course._id}`);
    const otherChanges = i.getByTestId('course-changes');
    await expect(otherChanges).toContainText('Erstatningstimer');
    await expect(otherChanges).toContainText(`${norwegian(mondayKey(4))}: Sjøfrid ${child.lastName}`);
    await expect(otherChanges).toContainText(`${norwegian(mondayKey(4))}: 2 barn`);
    // On the attendance sheet the visiting child has a button on that date only, and counts in the head count.
    const dateSelect = i.getByLabel('Dato');
    await dateSelect.selectOption((await dateSelect.locator('option', { hasText: norwegian(mondayKey(4)) }).getAttribute('value'))!);
    await expect(i.getByRole('button', { name: new RegExp(`^Sjøfrid ${child.lastName}\\s*Erstatningstime`) })).toBeVisible();
    await expect(i.getByRole('status').filter({ hasText: 'til stede' })).toContainText('0 av 2 til stede');
    await expectAccessible(i);
    await instructor.close();
    await admin.close();
  });
});
