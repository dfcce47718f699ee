import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { allowHttpErrors, approveAsNewPerson, expectAccessible, login, makePerson, newPerson, startSession, uniqueLastName } from '../../support/auth';
import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

interface Course {
  _id: string;
  name: string;
  experienceLevel: string;
  freePlaces: number;
  dates: string[];
  price: number;
  ageMinMonths: number | null;
  ageMaxMonths: number | null;
  booking: { state: 'open' | 'started' | 'closed' | 'ended'; price: number; remainingDates: string[] };
  place: { slug: string; name: string; place: string };
}

/** The courses the ordering page lists for a place (same window as the web: 21 days back, 183 ahead). */
async function placeCourses(request: APIRequestContext, slug: string): Promise<Course[]> {
  const places = (await (await request.get('/api/places')).json()) as { _id: string; slug: string }[];
  const place = places.find((p) => p.slug === slug);
  expect(place, `place ${slug}`).toBeTruthy();
  const day = 86_400_000;
  const today = Math.floor(Date.now() / day) * day;
  const res = await request.get(`/api/places/${place!._id}/courses`, {
    params: { startDate: today - 21 * day, endDate: today + 184 * day - 1 },
  });
  return (await res.json()) as Course[];
}

/**
 * A course of the test's own at a venue of its own (no demo courses, issue 54), set up by an admin of its own on the
 * Mondays `weeks` weeks after next Monday (negative: passed): 'Nybegynner', 1 950 kr, 8 places, no age bounds. As the
 * ordering page lists it.
 */
async function ownCourse(page: Page, browser: Browser, baseURL: string | undefined, testInfo: TestInfo, venue: string, weeks: number[]): Promise<Course> {
  const admin = await adminPage(browser, baseURL, page);
  const { slug, course } = await setUpCourse(admin.page, { venue: uniqueName(venue, testInfo.project.name), dates: mondayDates(...weeks) });
  await admin.close();
  const listed = (await placeCourses(page.request, slug)).find((c) => c._id === course._id);
  expect(listed, `the course at ${slug}`).toBeTruthy();
  return listed!;
}

/** Ten dates, the first next Monday. */
const TEN_WEEKS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const EMMA_BIRTHDATE = '2026-03-14';
const JAKOB_BIRTHDATE = '2023-06-02';

/** Chooses the child whose option starts with `name` (the option also shows the age). */
async function chooseChild(select: Locator, name: string) {
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value!);
}

// Typed by hand: this project's TypeScript has no DOM library.
type Win = { scrollY: number; scrollTo(x: number, y: number): void; document: { documentElement: { scrollHeight: number } } };
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).scrollY);
const scrollToEnd = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as Win;
    w.scrollTo(0, w.document.documentElement.scrollHeight);
  });

const row = (page: Page, courseId: string) => page.locator(`article[data-course-id="${courseId}"]`);

async function openBooking(page: Page, courseId: string) {
  await row(page, courseId).getByRole('button', { name: 'Bestill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Bestill kurs', () => {
  test('a parent books a course for a child and pays in Vipps', async ({ page, browser, baseURL }, testInfo) => {
    const course = await ownCourse(page, browser, baseURL, testInfo, 'Bestillingsbadet', TEN_WEEKS);
    const lastName = uniqueLastName('Nilsen');
    const parent = await login(page, { lastName, children: [{ firstName: 'Emma', birthdate: EMMA_BIRTHDATE }] }, `/kurs/${course.place.slug}`);
    // A full page load, scrolled to the end: its scroll position must not come back on the return from Vipps.
    await page.goto(`/kurs/${course.place.slug}`);
    await expect(row(page, course._id)).toContainText(`${course.freePlaces} ledige plasser`);

    const dialog = await openBooking(page, course._id);
    // On a phone the pay button is in view as the modal opens (a sticky footer), with ten dates above it.
    await expect(dialog.getByRole('button', { name: 'Betal' })).toBeInViewport();
    for (const label of ['Sted', 'Nivå', 'Alder', 'Datoer', 'Ukedag', 'Instruktører', 'Pris']) {
      await expect(dialog.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(dialog).toContainText(`${course.place.name}, ${course.place.place}`);
    await expect(dialog.getByText('Ved å bestille kurs aksepterer du våre regler og betingelser.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'regler og betingelser' })).toHaveAttribute('href', '/regler-og-betingelser');
    const select = dialog.getByLabel('Velg barn');
    await expect(select.locator('optgroup')).toHaveAttribute('label', `Profil: ${parent.user.firstName} ${lastName}`);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kursoversikt');

    // No child chosen
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Du må velge et barn for å kunne bestille kurset');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kursoversikt-uten-barn');

    await chooseChild(select, `Emma ${lastName}`);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // The page behind is left scrolled down (asked again until the layout has its full height).
    await expect
      .poll(async () => {
        await scrollToEnd(page);
        return scrollY(page);
      })
      .toBeGreaterThan(300);
    await dialog.getByRole('button', { name: 'Betal' }).click();

    // The simulator's landing page
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'vipps-betaling');
    await page.getByRole('button', { name: 'Betal' }).click();

    await expect(page).toHaveURL(/\/vipps\/payment\/[A-Za-z0-9-]+$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    // The confirmation opens at the top, not at the scroll position of the page left for Vipps.
    await expect(main.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    await expect(main).toContainText('Emma er nå påmeldt kurset. En bekreftelse er sendt til deg på e-post.');
    await expect(main.getByRole('definition').filter({ hasText: course.name }).first()).toBeVisible();
    await expect(main.getByText(/^(Betalt|Godkjent av kunde)$/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Gå til profilen din' })).toHaveAttribute('href', '/profil');
    await expect(main.getByRole('link', { name: 'Regler og betingelser' })).toHaveAttribute('href', '/regler-og-betingelser');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'takk-for-bestillingen');

    // One place fewer on the ordering page, and Emma named on the row
    await page.goto(`/kurs/${course.place.slug}`);
    const left = course.freePlaces - 1;
    await expect(row(page, course._id)).toContainText(left === 1 ? '1 ledig plass' : `${left} ledige plasser`);
    await expect(row(page, course._id)).toContainText('Påmeldt: Emma');

    // And the course on the profile, under Emma's upcoming courses
    await page.goto('/profil');
    const emma = page.getByRole('article', { name: `Emma ${lastName}` });
    // /profil names the course by its display name: level, age, weekday and time (walk-through 06.12, finding 8).
    await expect(emma.getByRole('listitem').filter({ hasText: course.experienceLevel }).filter({ hasText: course.place.name }).first()).toBeVisible();
  });

  test("'Avbryt' in Vipps: Bestilling avbrutt!", async ({ page, browser, baseURL }, testInfo) => {
    const course = await ownCourse(page, browser, baseURL, testInfo, 'Avbruddsbadet', TEN_WEEKS);
    const lastName = uniqueLastName('Nilsen');
    await login(page, { lastName, children: [{ firstName: 'Jakob', birthdate: JAKOB_BIRTHDATE }] }, `/kurs/${course.place.slug}`);
    const dialog = await openBooking(page, course._id);
    await chooseChild(dialog.getByLabel('Velg barn'), `Jakob ${lastName}`);
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();

    // Meanwhile, in another tab, the status page waits for the payment and notices the abort by polling.
    const reference = (await page.getByRole('definition').filter({ hasText: /^plask-/ }).textContent())!.trim();
    const waiting = await page.context().newPage();
    await waiting.goto(`/vipps/payment/${reference}`);
    await expect(waiting.getByRole('heading', { level: 1 })).toHaveText('Venter på betaling…');
    await expectAccessible(waiting);
    await keepScreenshot(waiting, testInfo, 'venter-pa-betaling');

    await page.getByRole('button', { name: 'Avbryt' }).click();
    await expect(waiting.getByRole('heading', { level: 1 })).toHaveText('Bestilling avbrutt!', { timeout: 20_000 });
    await waiting.close();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Bestilling avbrutt!', { timeout: 20_000 });
    await expect(main).toContainText('du har ikke blitt belastet');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bestilling-avbrutt');
    await main.getByRole('link', { name: `Tilbake til kursene på ${course.place.name}` }).click();
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${course.place.slug}`);
    // The aborted hold is released: the place is free again.
    await expect(row(page, course._id)).toContainText(`${course.freePlaces} ledige plasser`);
  });

  test('a visitor who orders gets the login prompt, whose button goes to the Vipps login and back', async ({ page, browser, baseURL }, testInfo) => {
    const { place } = await ownCourse(page, browser, baseURL, testInfo, 'Besøksbadet', TEN_WEEKS);
    // Without the app on a visitor's page (decision 045), the prompt is the login page, reached by a form.
    await page.goto(`/kurs/${place.slug}`);
    await page.getByRole('button', { name: 'Bestill' }).first().click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
    await expect(main).toContainText('Du må være logget inn for å utføre denne handlingen');
    await expect(page.getByRole('dialog', { name: 'Kursoversikt' })).toHaveCount(0);
    await expectAccessible(page);

    await main.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    // The Vipps login is this test's point (the prompt's button there and back), so it goes through the simulator.
    // As a new person of the test's own ('Annen testperson'); the helper sees 'Du har blitt logget inn'.
    await approveAsNewPerson(page, newPerson(testInfo, 2, '45'));
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${place.slug}`);
  });

  test('a started course shows the remaining dates and the reduced price', async ({ page, browser, baseURL }, testInfo) => {
    // Ten dates, two of them passed (three and two weeks ago): late booking is open (up to 4 passed), pro rata.
    const course = await ownCourse(page, browser, baseURL, testInfo, 'Startetbadet', [-3, -2, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(course.booking.state).toBe('started');
    expect(course.booking.price).toBeLessThan(course.price);
    const remaining = course.booking.remainingDates.length;
    const kr = (n: number) => `${new Intl.NumberFormat('nb-NO').format(n)}\u00a0kr`;

    await login(page, {}, `/kurs/${course.place.slug}`);
    const courseRow = row(page, course._id);
    await expect(courseRow).toContainText(`Kurset har startet – ${remaining} ganger igjen`);
    await expect(courseRow).toContainText(kr(course.booking.price));

    const dialog = await openBooking(page, course._id);
    await expect(dialog.getByRole('button', { name: 'Betal' })).toBeInViewport();
    await expect(dialog.getByRole('term').filter({ hasText: /^Datoer igjen$/ })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: 'Kurset har startet' }).getByRole('listitem')).toHaveCount(remaining);
    await expect(dialog).toContainText(`For ${remaining} av ${course.dates.length} ganger (fullpris ${kr(course.price)})`);
    await expect(dialog.getByRole('definition').filter({ hasText: kr(course.booking.price) }).first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kurset-har-startet');
  });

  test('a child already on the course: Barnet er allerede påmeldt dette kurset', async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
    // A family of its own, its child put on an upcoming course of the test's own that still has free places ('Bestill' shows).
    const person = await makePerson(page.request, { lastName: uniqueLastName('Nilsen'), children: [{ firstName: 'Jakob', birthdate: JAKOB_BIRTHDATE }] });
    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Allerede påmeldt', testInfo.project.name), dates: mondayDates(1, 2, 3) });
    const child = person.children[0]!;
    await apiAs(admin.page, 'POST', `/courses/${setup.course._id}/participants`, { id: child._id });
    await admin.close();
    const target = { child: `${child.firstName} ${child.lastName}`, courseId: setup.course._id, slug: setup.slug };
    await startSession(page, person, `/kurs/${target.slug}`);
    const dialog = await openBooking(page, target.courseId);
    const select = dialog.getByLabel('Velg barn');
    await expect(select.locator('option', { hasText: target.child })).toContainText('allerede påmeldt');
    await chooseChild(select, target.child);
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Barnet er allerede påmeldt dette kurset');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'allerede-pameldt');
    allowHttpErrors(consoleErrors, 400);
  });

  test("'Legg til nytt barn' in the booking modal adds the child and chooses it", async ({ page, browser, baseURL }, testInfo) => {
    const bookable = await ownCourse(page, browser, baseURL, testInfo, 'Barnebadet', TEN_WEEKS);
    await login(page, {}, `/kurs/${bookable.place.slug}`);
    const dialog = await openBooking(page, bookable._id);
    const select = dialog.getByLabel('Velg barn');
    // A family of its own, without children.
    await expect(select.locator('option', { hasText: 'Ingen barn registrert' })).toBeDisabled();
    await select.selectOption({ label: 'Legg til nytt barn' });

    const add = page.getByRole('dialog', { name: 'Legg til barn' });
    await expect(add).toBeVisible();
    await add.getByRole('button', { name: 'Lagre' }).click();
    await expect(add.getByRole('alert')).toHaveText('Alle feltene må fylles ut');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'legg-til-barn-fra-bestilling');

    const first = testInfo.project.name === 'phone' ? 'ola-johan' : 'kari-mette';
    await add.getByLabel('Fornavn').fill(first);
    await add.getByLabel('Etternavn').fill('hansen');
    await add.getByLabel('Fødselsdato').fill('2025-05-17');
    await add.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Barnet har blitt lagt til')).toBeVisible();
    await expect(add).toBeHidden();
    const name = testInfo.project.name === 'phone' ? 'Ola-Johan Hansen' : 'Kari-Mette Hansen';
    await expect(select.locator('option:checked')).toContainText(name);
    await expect(dialog).toBeVisible();
  });
});
