import type { Page } from '@playwright/test';
import { adminPage, apiAs, courseBody, mondayDates, mondayKey, setUpCourse, uniqueName, type ApiCourse } from '../../support/admin';
import { expectAccessible, login, makePerson } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

interface AdminList {
  entries: { status: string; child: { firstName: string } }[];
}

/** The browser's datetime-local value `ms` from now (its own time zone, as the form reads it). */
const localInputIn = (page: Page, ms: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, ms);

test.describe("'Behold plassen' (issue 56, decision 060)", () => {
  // The reply-by is a couple of minutes ahead: the release job (every minute) lets it run out.
  test.describe.configure({ timeout: 330_000 });

  test('one family keeps the place and pays, another lets it run out, and the place goes to the waitlist', async ({ page, browser, baseURL }, testInfo) => {
    const keeper = await login(page, { children: [{ firstName: 'Mia', birthdate: '2025-03-01' }] }, '/kurs');
    const admin = await adminPage(browser, baseURL, page);
    const venue = uniqueName('Fortsettbadet', testInfo.project.name);
    // An ending course with two children; its continuation at the same place, weekday and time in a season of its own.
    const ending = await setUpCourse(admin.page, { venue, dates: mondayDates(-9, -8, -7) });
    const silent = (await makePerson(admin.page.request, { children: [{ firstName: 'Sindre', birthdate: '2025-04-01' }] })).children[0]!;
    for (const id of [keeper.children[0]!._id, silent._id]) await apiAs(admin.page, 'POST', `/courses/${ending.course._id}/participants`, { id });
    const week = 70 + 40 * testInfo.retry;
    const seasonName = uniqueName('Neste sesong', testInfo.project.name);
    await apiAs(admin.page, 'POST', '/seasons', { name: seasonName, startsOn: mondayKey(week - 1), endsOn: mondayKey(week + 20) });
    const next = await apiAs<ApiCourse>(admin.page, 'POST', '/courses', courseBody(ending.placeId, mondayDates(week, week + 1, week + 2), { maximumParticipants: 2 }));

    // The admin picks the season: the ending course comes with its suggested next course; the reply-by is set close.
    await admin.page.goto('/admin/behold-plassen');
    await admin.page.getByLabel('Neste sesong').selectOption({ label: seasonName });
    const row = admin.page.locator(`li[data-course-id="${ending.course._id}"]`);
    await expect(row.getByLabel('Fortsetter på')).toHaveValue(next._id);
    await admin.page.getByLabel('Svarfrist').fill(await localInputIn(admin.page, 150_000));
    await expectAccessible(admin.page);
    await admin.page.getByRole('button', { name: 'Send tilbud om å beholde plassen' }).click();
    await expect(admin.page.getByText('2 familier har fått tilbud om å beholde plassen')).toBeVisible();
    await expect(admin.page.getByTestId('rollover-counts').first()).toContainText('Tilbudt 2');

    // The reservations fill the course: a new family can only wait.
    const waiting = await makePerson(admin.page.request, { children: [{ firstName: 'Vilde', birthdate: '2025-05-01' }] });
    const joined = await page.request.post(`/api/courses/${next._id}/waitlist`, {
      data: { childId: waiting.children[0]!._id },
      headers: { Authorization: `Bearer ${waiting.session.id_token}` },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    // The keeper's family sees the notice on /profil and keeps the place through the ordinary payment.
    await page.goto('/profil');
    const notice = page.getByRole('region', { name: 'Behold plassen til neste sesong' });
    await expect(notice.getByText(/^Mia: /)).toBeVisible();
    await expect(notice.getByText(/1\s950\skr/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'behold-plassen');
    await notice.getByRole('button', { name: 'Behold plassen' }).click();
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await page.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    await expectAccessible(page);

    // The other family does not answer: after the reply-by the job releases the place, and the waiting child gets it.
    await expect
      .poll(async () => (await apiAs<AdminList>(admin.page, 'GET', `/courses/${next._id}/waitlist`)).entries.map((e) => e.status), { timeout: 240_000, intervals: [5_000] })
      .toEqual(['offered']);
    await admin.page.reload();
    await expect(admin.page.getByTestId('rollover-counts').first()).toHaveText('Tilbudt 0 · Beholdt 1 · Nei takk 0 · Gikk ut 1 · Plasser frigitt 1');
    await expectAccessible(admin.page);
    await admin.close();
  });
});
