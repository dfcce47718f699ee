import type { Page } from '@playwright/test';
import { adminPage, apiAs, mondayKey, uniqueName, type ApiCourse } from '../../support/admin';
import { expectAccessible, loginAs, PERSONS } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

interface AdminList {
  entries: { status: string; child: { firstName: string } }[];
}

/** A venue with one full course (one place, taken by a child of the demo data), made through the API as the admin. */
async function fullCourse(admin: Page, venue: string) {
  const place = await apiAs<{ _id: string; slug: string }>(admin, 'POST', '/places', {
    name: venue,
    address: 'Testveien 3',
    zipCode: '0560',
    place: 'Oslo',
    info: '',
    published: true,
    image: 'nordstrand-bad',
  });
  const course = await apiAs<ApiCourse>(admin, 'POST', '/courses', {
    name: `Ventelistekurs ${venue}`,
    placeId: place._id,
    dates: Array.from({ length: 6 }, (_, i) => `${mondayKey(i + 1)}T09:00:00.000Z`),
    timeFrom: '10:00',
    timeTo: '10:30',
    experienceLevel: 'Nybegynner',
    participantsAge: '1–2 år',
    ageMinMonths: null,
    ageMaxMonths: null,
    lateBookingMaxPassed: null,
    proRata: true,
    price: 1950,
    maximumParticipants: 1,
    instructors: [],
    info: '',
    published: true,
  });
  const demo = await apiAs<ApiCourse[]>(admin, 'GET', `/courses?startDate=0&endDate=${Date.now() + 400 * 86_400_000}&limit=200`);
  const child = demo.flatMap((c) => c.participants ?? [])[0]!;
  await apiAs(admin, 'POST', `/courses/${course._id}/participants`, { id: child._id });
  return { slug: place.slug, course, child };
}

test.describe('Waitlist (issue 16)', () => {
  // Logs in the admin and a parent through the Vipps simulator, waits for the offer job and pays.
  test.describe.configure({ timeout: 150_000 });

  test('join a full course, see the position, get and pay the offer when a place frees up; the admin sees the list', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const setup = await fullCourse(admin.page, uniqueName('Ventebadet', testInfo.project.name));

    // The parent: a full course offers the waitlist instead of the pay button.
    await loginAs(page, PERSONS.parentOneChild, `/kurs/${setup.slug}`);
    const row = page.locator(`article[data-course-id="${setup.course._id}"]`);
    await expect(row.getByText('Fullt').first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Bestill' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Sett barnet på venteliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sett barnet på venteliste' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sett på venteliste' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText(/^Du er nr\. 1 på ventelisten/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'venteliste-posisjon');

    // /profil shows the position too.
    await page.goto('/profil');
    const waitlist = page.getByRole('region', { name: 'Venteliste' });
    await expect(waitlist.getByText('Du er nr. 1 på ventelisten')).toBeVisible();

    // The admin takes the participant off: the waitlist job offers the place to the first child waiting.
    await apiAs(admin.page, 'DELETE', `/courses/${setup.course._id}/participants/${setup.child._id}`);
    await expect
      .poll(async () => (await apiAs<AdminList>(admin.page, 'GET', `/courses/${setup.course._id}/waitlist`)).entries.map((e) => e.status), { timeout: 30_000 })
      .toEqual(['offered']);

    // The admin's view: the dashboard counts the course's list; the list shows who holds an offer and until when.
    await admin.page.goto('/admin');
    const box = admin.page.getByRole('region', { name: 'Ventelister' });
    await box.getByRole('button', { name: `Vis ventelisten for ${setup.course.name}` }).click();
    const list = admin.page.getByRole('dialog', { name: `Venteliste: ${setup.course.name}` });
    await expect(list.getByText(/^Har tilbud til/)).toBeVisible();
    await expectAccessible(admin.page);
    await keepScreenshot(admin.page, testInfo, 'venteliste-admin');
    await admin.close();

    // The parent sees the offer with the time left and pays it through Vipps.
    await page.reload();
    await expect(waitlist.getByText(/^Plassen er holdt av til .* \(2[34] t \d+ min igjen\)$/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'venteliste-tilbud');
    await waitlist.getByRole('button', { name: /^Betal/ }).click();
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await page.getByRole('button', { name: 'Betal' }).click();
    await expect(page).toHaveURL(/\/vipps\/payment\/[A-Za-z0-9-]+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    await expectAccessible(page);
  });
});
