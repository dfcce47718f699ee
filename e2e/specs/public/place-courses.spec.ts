import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, expectNoA11yViolations, keepScreenshot, pinned, test } from '../../support/fixtures';
import { approveAsNewPerson, newPerson } from '../../support/auth';
import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName, venueBody } from '../../support/admin';

/**
 * Venues of the test's own (no demo venues, issue 54), set up by an admin of its own: in Oslo at Testveien 2, the
 * first with a course on three Mondays.
 */
async function ownVenues(page: Page, browser: Browser, baseURL: string | undefined, testInfo: TestInfo, count = 1) {
  const admin = await adminPage(browser, baseURL, page);
  const name = uniqueName('Stedsbadet', testInfo.project.name);
  const { placeId, slug, course } = await setUpCourse(admin.page, { venue: name, dates: mondayDates(1, 2, 3) });
  const venues = [{ _id: placeId, slug, name }];
  for (let i = 1; i < count; i += 1) {
    const other = uniqueName('Nabobadet', testInfo.project.name);
    const place = await apiAs<{ _id: string; slug: string }>(admin.page, 'POST', '/places', venueBody(other));
    venues.push({ _id: place._id, slug: place.slug, name: other });
  }
  await admin.close();
  return { venues, courseId: course._id };
}

test.describe('Bestill kurs for one place', () => {
  test('header, venue card, course grid and expandable rows', async ({ page, browser, baseURL }, testInfo) => {
    const [venue] = (await ownVenues(page, browser, baseURL, testInfo)).venues;
    await page.goto(`/kurs/${venue!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Babysvømming ${venue!.name}, Oslo`);
    await expect(page).toHaveTitle(new RegExp(`^${venue!.name}, Oslo`));
    await expect(page.getByRole('link', { name: /Testveien 2/ })).toHaveAttribute('href', /maps/);
    await expect(page.getByLabel('Velg kurssted')).toBeVisible();

    const row = await pinned(page.getByRole('main').getByRole('button', { expanded: false }).first());
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Ikke tilgang').first()).toBeVisible();
    // In a course row: another spec's venue may be named '… 2kr' in the venue picker's options.
    await expect(page.locator('main article').getByText(/\d[\s\u00a0\u202f]*kr\b/).first()).toBeVisible();

    await expectNoA11yViolations(page);
    await keepScreenshot(page, testInfo, 'kurs-sted');
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'false');
  });

  test('the venue dropdown changes the route', async ({ page, browser, baseURL }, testInfo) => {
    const [from, to] = (await ownVenues(page, browser, baseURL, testInfo, 2)).venues;
    await page.goto(`/kurs/${from!.slug}`);
    await page.getByLabel('Velg kurssted').selectOption({ label: to!.name });
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${to!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Babysvømming ${to!.name}, Oslo`);
  });

  test('a place id in the URL is redirected to the name slug', async ({ page, browser, baseURL }, testInfo) => {
    const [place] = (await ownVenues(page, browser, baseURL, testInfo)).venues;
    await page.goto(`/kurs/${place!._id}`);
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${place!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Babysvømming ${place!.name}, Oslo`);
  });

  test('ordering as a visitor leads to the login page, which says why, and back to the course with its booking open', async ({ page, browser, baseURL }, testInfo) => {
    const { venues, courseId } = await ownVenues(page, browser, baseURL, testInfo);
    const slug = venues[0]!.slug;
    // A visitor's page runs without the app (decision 045): 'Bestill' is a form to the login page, which says why.
    await page.goto(`/kurs/${slug}`);
    const row = page.locator(`article[data-course-id="${courseId}"]`);
    await row.getByRole('button', { name: /^Bestill/ }).click();
    const back = `/kurs/${slug}?kurs=${courseId}&handling=bestill`;
    await expect(page).toHaveURL(`/login?tilbake=${encodeURIComponent(back)}&handling=`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
    await expect(main).toContainText('Du må være logget inn for å utføre denne handlingen');
    await expect(main.getByRole('button', { name: 'Logg inn med Vipps' })).toBeVisible();
    await expectNoA11yViolations(page);
    await keepScreenshot(page, testInfo, 'logg-inn-fra-bestill');
    // After Vipps: the same course, its booking dialog open, the row in view (walk-through 06.12, finding 10).
    // Through the simulator's page: the login's return opening the booking is this test's point.
    await main.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    // As a new person of the test's own ('Annen testperson'), not a demo parent.
    await approveAsNewPerson(page, newPerson(testInfo, 0, '45'));
    await expect(page.getByRole('dialog', { name: 'Kursoversikt' })).toBeVisible();
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/kurs/${slug}`);
    await page.keyboard.press('Escape');
    await expect(page.locator(`article[data-course-id="${courseId}"]`)).toBeInViewport();
  });

  test('an unknown place says so', async ({ page }) => {
    await page.goto('/kurs/finnes-ikke');
    await expect(page).toHaveTitle(/Bestill Kurs/);
  });
});
