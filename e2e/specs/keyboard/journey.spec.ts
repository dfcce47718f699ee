import type { Locator, Page } from '@playwright/test';
import { PERSONS } from '../../support/auth';
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

interface ListedCourse {
  _id: string;
  dates: string[];
  freePlaces: number;
  ageMinMonths: number | null;
  ageMaxMonths: number | null;
  booking: { state: string };
}

/** Jessheim's courses that have not started, have a free place and take a child born 15 March 2025. */
async function coursesForOla(page: Page): Promise<ListedCourse[]> {
  const places = (await (await page.request.get('/api/places')).json()) as { _id: string; slug: string }[];
  const jessheim = places.find((p) => p.slug === 'jessheim-badeland')!;
  const courses = (await (await page.request.get(`/api/places/${jessheim._id}/courses`)).json()) as ListedCourse[];
  return courses
    .filter((c) => c.booking.state === 'open' && c.freePlaces > 0)
    .filter((c) => {
      const first = new Date(c.dates[0]!);
      const months = (first.getUTCFullYear() - 2025) * 12 + first.getUTCMonth() - 2 - (first.getUTCDate() < 15 ? 1 : 0);
      return (c.ageMinMonths ?? 0) < months && months < (c.ageMaxMonths ?? 999);
    })
    .sort((a, b) => a._id.localeCompare(b._id));
}

test('keyboard only: find a course, log in, add a child, book and pay', async ({ page, isMobile }) => {
  // One course per project, so the phone and desktop runs never book the same place.
  const course = (await coursesForOla(page))[isMobile ? 0 : 1];
  expect(course, 'a Jessheim course for a child born March 2025').toBeTruthy();
  const bookButton = page.locator(`article[data-course-id="${course!._id}"]`).getByRole('button', { name: /^Bestill/ });
  await page.goto('/');

  // Find a course.
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Bestill kurs' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kurs$/);
  await tabTo(page, page.getByRole('link', { name: /Jessheim Badeland/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Babysvømming Jessheim Badeland, Jessheim');

  // Ordering as a visitor asks to log in (the login page, decision 045); its button goes to the Vipps simulator.
  // Through the simulator's page, by keyboard: the login is a step of this journey.
  await tabTo(page, bookButton);
  await page.keyboard.press('Enter');
  const loginPage = page.getByRole('main');
  await expect(loginPage).toContainText('Du må være logget inn for å utføre denne handlingen');
  await tabTo(page, loginPage.getByRole('button', { name: 'Logg inn med Vipps' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Logg inn på/ })).toBeVisible();
  await chooseRadio(page, page.getByRole('radio', { name: new RegExp(`^${PERSONS.parentNoChildren}`) }));
  await tabTo(page, page.getByRole('button', { name: 'Godkjenn' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Du har blitt logget inn')).toBeVisible();
  await expect(page).toHaveURL(/\/kurs\/jessheim-badeland$/);

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
