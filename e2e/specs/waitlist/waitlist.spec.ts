import type { Page } from '@playwright/test';
import { adminPage, apiAs, courseBody, mondayDates, mondayKey, setUpCourse, uniqueName, venueBody, type ApiCourse } from '../../support/admin';
import { expectAccessible, login, makePerson } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** 'DD.MM.YYYY' of a 'YYYY-MM-DD' key, or of an instant in Oslo (the web's formatDate). */
const norwegianDate = (value: string | number) => {
  const key = typeof value === 'string' ? value : new Date(value).toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });
  const [y, m, d] = key.split('-');
  return `${d}.${m}.${y}`;
};
/** 'YYYY-MM-DD' in Oslo, `days` days from now. */
const osloKeyIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });

interface AdminList {
  entries: { status: string; child: { firstName: string } }[];
}

/** A venue with one full course (one place, taken by the child of a family of the test's own), made through the API as the admin. */
async function fullCourse(admin: Page, venue: string) {
  const place = await apiAs<{ _id: string; slug: string }>(admin, 'POST', '/places', venueBody(venue, 'Testveien 3'));
  const course = await apiAs<ApiCourse>(admin, 'POST', '/courses', courseBody(place._id, mondayDates(1, 2, 3, 4, 5, 6), { name: `Ventelistekurs ${venue}`, maximumParticipants: 1 }));
  const child = (await makePerson(admin.request, { children: [{ firstName: 'Fylla', birthdate: '2025-01-10' }] })).children[0]!;
  await apiAs(admin, 'POST', `/courses/${course._id}/participants`, { id: child._id });
  return { slug: place.slug, course, child };
}

test.describe('Waitlist (issue 16)', () => {
  // Makes an admin and a parent, waits for the offer job and pays.
  test.describe.configure({ timeout: 150_000 });

  test('join a full course, see the position, get and pay the offer when a place frees up; the admin sees the list', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const setup = await fullCourse(admin.page, uniqueName('Ventebadet', testInfo.project.name));

    // The parent: a full course offers the waitlist instead of the pay button.
    await login(page, { children: [{ firstName: 'Lina', birthdate: '2025-02-20' }] }, `/kurs/${setup.slug}`);
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

  test("the admin marks a follow-on course through 'Forrige kurs'; a newcomer's parent sees when it opens to all", async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    // 'Nybegynner' that has ended, and 'Viderekommen' at the same place and time that starts next week.
    const earlierDates = Array.from({ length: 6 }, (_, i) => `${mondayKey(i - 9)}T09:00:00.000Z`);
    const earlier = await setUpCourse(admin.page, { venue: uniqueName('Fortsettbadet', testInfo.project.name), dates: earlierDates });
    const next = await apiAs<ApiCourse>(admin.page, 'POST', '/courses', courseBody(earlier.placeId, mondayDates(1, 2, 3, 4, 5, 6), { experienceLevel: 'Viderekommen' }));

    // The admin opens the follow-on course's row and its 'Forrige kurs' dialog.
    await admin.page.goto(`/kurs/${earlier.slug}`);
    const adminRow = admin.page.locator(`article[data-course-id="${next._id}"]`);
    await adminRow.getByRole('button', { name: /kl\. 10:00/ }).click();
    await adminRow.getByRole('button', { name: 'Forrige kurs' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Forrige kurs' });
    await expect(dialog).toBeVisible();
    // The default window: 7 days from now (WAITLIST_PRIORITY_DAYS), as the API opens it.
    const opens = dialog.getByLabel('Åpner for alle');
    await expect(opens).toHaveValue(osloKeyIn(7));

    // The suggestion: the course at the same place that ended before this one starts, labelled as in 'Påmeldte'.
    await dialog.getByRole('button', { name: /^Tidligere kurs/ }).click();
    const earlierLabel = `Mandager kl. 10:00, Nybegynner, fra ${norwegianDate(earlierDates[0]!.slice(0, 10))}`;
    await dialog.getByRole('checkbox', { name: earlierLabel }).check();
    await expectAccessible(admin.page);
    await admin.page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Tidligere kurs/ })).toContainText(earlierLabel);
    await opens.fill(osloKeyIn(10));
    await expectAccessible(admin.page);
    await keepScreenshot(admin.page, testInfo, 'forrige-kurs');

    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(admin.page.getByText('Forrige kurs er lagret')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const expected = `Åpner for alle ${norwegianDate(Date.now() + 10 * 86_400_000)}`;
    await expect(adminRow.getByText(expected)).toBeVisible();
    const saved = await apiAs<{ previousCourseIds: string[]; openToAllAt: string }>(admin.page, 'GET', `/courses/${next._id}/priority`);
    expect(saved.previousCourseIds).toEqual([earlier.course._id]);
    await admin.close();

    // A parent whose child did not take the earlier course sees when the course opens to everyone.
    await login(page, { children: [{ firstName: 'Lina', birthdate: '2025-02-20' }] }, `/kurs/${earlier.slug}`);
    const row = page.locator(`article[data-course-id="${next._id}"]`);
    await expect(row.getByText(expected)).toBeVisible();
    await expectAccessible(page);
  });
});
