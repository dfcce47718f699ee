import type { Locator, Page } from '@playwright/test';
import { adminPage, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { newPerson } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
 * Moves focus with Tab (Shift+Tab backwards) until `target` has it. Fails, naming the target, if it is not
 * reachable within `max` presses: an element the keyboard cannot reach is a defect.
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target, `${target} is on the page`).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab: ${target}`);
}

/** Within a radio group, as a keyboard user does: Tab into the group, then arrow keys to the wanted radio. */
async function chooseRadio(page: Page, target: Locator, max = 20): Promise<void> {
  await tabTo(page, page.getByRole('radio', { checked: true }).or(page.getByRole('radio').first()).first());
  for (let i = 0; i < max; i++) {
    if (await target.isChecked()) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`not reachable with the arrow keys: ${target}`);
}

test('keyboard only: find a course, log in, add a child, book and pay', async ({ page, browser, baseURL }, testInfo) => {
  // A venue and a course of the test's own (no demo data, issue 54), named to come first in the list of venues.
  const admin = await adminPage(browser, baseURL, page);
  const venue = uniqueName('Aasen bad', testInfo.project.name);
  const { course, slug } = await setUpCourse(admin.page, { venue, dates: mondayDates(2, 3, 4) });
  await admin.close();
  const bookButton = page.locator(`article[data-course-id="${course._id}"]`).getByRole('button', { name: /^Bestill/ });
  await page.goto('/');

  // Find a course.
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Bestill kurs' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kurs$/);
  await tabTo(page, page.getByRole('link', { name: venue }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Babysvømming ${venue}, Oslo`);

  // Ordering as a visitor asks to log in (the login page, decision 045); its button goes to the Vipps simulator.
  // Through the simulator's page, by keyboard: the login is a step of this journey.
  await tabTo(page, bookButton);
  await page.keyboard.press('Enter');
  const loginPage = page.getByRole('main');
  await expect(loginPage).toContainText('Du må være logget inn for å utføre denne handlingen');
  await tabTo(page, loginPage.getByRole('button', { name: 'Logg inn med Vipps' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Logg inn på/ })).toBeVisible();
  // A new person of the test's own ('Annen testperson'): a family without children.
  const person = newPerson(testInfo, 1, '46');
  await chooseRadio(page, page.getByRole('radio', { name: /^Annen testperson/ }));
  for (const [label, value] of [['Mobilnummer', person.phone], ['Fornavn', person.givenName], ['Etternavn', person.familyName]] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('button', { name: 'Godkjenn' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Du har blitt logget inn')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === `/kurs/${slug}`);

  // Back from the login, the booking dialog opens by itself (the page remembers the tapped 'Bestill'). No child yet,
  // so add one from it.
  const booking = page.getByRole('dialog', { name: 'Kursoversikt' });
  await expect(booking).toBeVisible();
  const childSelect = booking.getByRole('combobox').first();
  await tabTo(page, childSelect);
  // 'Legg til nytt barn' is the last option.
  await page.keyboard.press('End');
  const addChild = page.getByRole('dialog').filter({ has: page.getByLabel(/Fornavn/) });
  await expect(addChild).toBeVisible();
  await tabTo(page, addChild.getByLabel(/Fornavn/));
  await page.keyboard.type('ola');
  await tabTo(page, addChild.getByLabel(/Etternavn/));
  await page.keyboard.type('hansen');
  await tabTo(page, addChild.getByLabel(/Fødselsdato|Født/));
  await page.keyboard.type('15032025');
  await tabTo(page, addChild.getByRole('button', { name: 'Lagre' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Barnet har blitt lagt til')).toBeVisible();
  await expect(addChild).toBeHidden();
  await expect(booking.getByRole('combobox').first().locator('option:checked')).toContainText('Ola Hansen');

  // Pay in the simulator and come back to the confirmation.
  await tabTo(page, booking.getByRole('button', { name: 'Betal' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Betal' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Takk for bestillingen!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Ola Hansen')).toBeVisible();
});
