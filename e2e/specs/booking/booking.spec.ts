import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { allowHttpErrors, expectAccessible, loginAs, PERSONS, SESSION_KEY } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

interface Course {
  _id: string;
  name: string;
  freePlaces: number;
  dates: string[];
  place: { slug: string; name: string };
}
interface Profile {
  children: { _id: string; firstName: string; lastName: string; courses: { _id: string; dates: string[]; place: { _id: string; slug: string } }[] }[];
}

const SAGENE = 'sagene-basseng';

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

const authHeader = async (page: Page) => {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  return { Authorization: `Bearer ${token}` };
};

/**
 * Booking changes the shared demo database and the two projects run at the same time. Each project owns half of
 * Sagene's courses (alternate ones by id, a split that bookings cannot shift), and each test takes its own slot among
 * its project's courses that have free places and none of Sara's children.
 */
async function courseFor(page: Page, testInfo: TestInfo, slot: number): Promise<Course> {
  const profiles = (await (await page.request.get('/api/profiles', { headers: await authHeader(page) })).json()) as Profile[];
  const taken = new Set(profiles.flatMap((p) => p.children.flatMap((c) => c.courses.map((k) => k._id))));
  const parity = testInfo.project.name === 'phone' ? 0 : 1;
  const candidates = (await placeCourses(page.request, SAGENE))
    .sort((a, b) => a._id.localeCompare(b._id))
    .filter((_, i) => i % 2 === parity)
    .filter((c) => c.freePlaces >= 2 && !taken.has(c._id));
  const course = candidates[slot];
  expect(course, `a free Sagene course for slot ${slot}`).toBeTruthy();
  return course!;
}

/** Chooses the child whose option starts with `name` (the option also shows the age). */
async function chooseChild(select: Locator, name: string) {
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value!);
}

const row = (page: Page, courseId: string) => page.locator(`article[data-course-id="${courseId}"]`);

async function openBooking(page: Page, courseId: string) {
  await row(page, courseId).getByRole('button', { name: 'Bestill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Bestill kurs', () => {
  test('a parent books a course for a child and pays in Vipps', async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.parent, `/kurs/${SAGENE}`);
    const course = await courseFor(page, testInfo, 0);
    await expect(row(page, course._id)).toContainText(`${course.freePlaces} ledige plasser`);

    const dialog = await openBooking(page, course._id);
    for (const label of ['Sted', 'Nivå', 'Alder', 'Datoer', 'Ukedag', 'Instruktører', 'Pris']) {
      await expect(dialog.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(dialog).toContainText('Sagene Basseng, Oslo');
    await expect(dialog.getByText('Ved å bestille kurs aksepterer du våre regler og betingelser.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'regler og betingelser' })).toHaveAttribute('href', '/regler-og-betingelser');
    const select = dialog.getByLabel('Velg barn');
    await expect(select.locator('optgroup')).toHaveAttribute('label', 'Profil: Sara Nilsen');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kursoversikt');

    // No child chosen
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Du må velge et barn for å kunne bestille kurset');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kursoversikt-uten-barn');

    await chooseChild(select, 'Emma Nilsen');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Betal' }).click();

    // The simulator's landing page
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'vipps-betaling');
    await page.getByRole('button', { name: 'Betal' }).click();

    await expect(page).toHaveURL(/\/vipps\/payment\/[A-Za-z0-9-]+$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    await expect(main).toContainText('Emma er nå påmeldt kurset. En bekreftelse er sendt til deg på e-post.');
    await expect(main.getByRole('definition').filter({ hasText: course.name }).first()).toBeVisible();
    await expect(main.getByText(/^(Betalt|Godkjent av kunde)$/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Gå til profilen din' })).toHaveAttribute('href', '/profil');
    await expect(main.getByRole('link', { name: 'Regler og betingelser' })).toHaveAttribute('href', '/regler-og-betingelser');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'takk-for-bestillingen');

    // One place fewer on the ordering page
    await page.goto(`/kurs/${SAGENE}`);
    const left = course.freePlaces - 1;
    await expect(row(page, course._id)).toContainText(left === 1 ? '1 ledig plass' : `${left} ledige plasser`);

    // And the course on the profile, under Emma's upcoming courses
    await page.goto('/profil');
    const emma = page.getByRole('article', { name: 'Emma Nilsen' });
    await expect(emma.getByRole('listitem').filter({ hasText: course.name }).filter({ hasText: 'Sagene Basseng' })).toBeVisible();
  });

  test("'Avbryt' in Vipps: Bestilling avbrutt!", async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.parent, `/kurs/${SAGENE}`);
    const course = await courseFor(page, testInfo, 1);
    const dialog = await openBooking(page, course._id);
    await chooseChild(dialog.getByLabel('Velg barn'), 'Jakob Nilsen');
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
    await main.getByRole('link', { name: /Tilbake til kursene på Sagene Basseng/ }).click();
    await expect(page).toHaveURL(/\/kurs\/sagene-basseng$/);
    // The aborted hold is released: the place is free again.
    await expect(row(page, course._id)).toContainText(`${course.freePlaces} ledige plasser`);
  });

  test('a visitor who orders gets the login prompt', async ({ page }) => {
    await page.goto(`/kurs/${SAGENE}`);
    await page.getByRole('button', { name: 'Bestill' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await expect(dialog).toContainText('Du må være logget inn for å utføre denne handlingen');
    await expect(page.getByRole('dialog', { name: 'Kursoversikt' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a child already on the course: Barnet er allerede påmeldt dette kurset', async ({ page, consoleErrors }, testInfo) => {
    await loginAs(page, PERSONS.parent, '/');
    const profiles = (await (await page.request.get('/api/profiles', { headers: await authHeader(page) })).json()) as Profile[];
    // An upcoming course of one of Sara's children that still has free places, so 'Bestill' shows.
    let target: { child: string; courseId: string; slug: string } | undefined;
    for (const child of profiles[0]!.children) {
      for (const course of child.courses) {
        if (target || new Date(course.dates[0]!).getTime() < Date.now()) continue;
        const listed = (await placeCourses(page.request, course.place.slug)).find((c) => c._id === course._id);
        if (listed && listed.freePlaces > 0) target = { child: `${child.firstName} ${child.lastName}`, courseId: course._id, slug: course.place.slug };
      }
    }
    expect(target, 'an upcoming course of a child of Sara with free places').toBeTruthy();
    await page.goto(`/kurs/${target!.slug}`);
    const dialog = await openBooking(page, target!.courseId);
    const select = dialog.getByLabel('Velg barn');
    await expect(select.locator('option', { hasText: target!.child })).toContainText('allerede påmeldt');
    await chooseChild(select, target!.child);
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Barnet er allerede påmeldt dette kurset');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'allerede-pameldt');
    allowHttpErrors(consoleErrors, 400);
  });

  test("'Legg til nytt barn' in the booking modal adds the child and chooses it", async ({ page }, testInfo) => {
    await loginAs(page, PERSONS.parentNoChildren, `/kurs/${SAGENE}`);
    const dialog = await openBooking(page, (await placeCourses(page.request, SAGENE)).find((c) => c.freePlaces > 0)!._id);
    const select = dialog.getByLabel('Velg barn');
    // Kari starts without children (the other project may have added one meanwhile).
    const none = select.locator('option', { hasText: 'Ingen barn registrert' });
    if (await none.count()) await expect(none).toBeDisabled();
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
