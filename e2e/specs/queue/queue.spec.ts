import type { Browser, Page } from '@playwright/test';
import { adminPage, apiAs, bearer, mondayDates, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, login } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
 * Enrolment night's waiting room (issue 37, decision 041): the countdown before the opening, a place in line that
 * falls, the admitted parent booking, the line ending with the waitlist offered, and the admin's live view. Each
 * test makes its own venue, course and parents, so no other spec meets them.
 */

/** A family of the test's own with one child, Mio (decision 051: no login through the simulator's page). */
const MIO = { children: [{ firstName: 'Mio', birthdate: '2025-03-01' }] };

/** A parent in a browser of their own (same viewport), logged in, with one child. */
async function parentIn(browser: Browser, baseURL: string | undefined, like: Page, path: string) {
  const context = await browser.newContext({ baseURL, viewport: like.viewportSize(), locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  const page = await context.newPage();
  await login(page, MIO, path);
  return { page, close: () => context.close() };
}

async function put(page: Page, path: string, data: unknown) {
  const res = await page.request.fetch(`/api${path}`, { method: 'PUT', data, headers: await bearer(page) });
  expect(res.ok(), `PUT ${path}: ${res.status()} ${await res.text()}`).toBe(true);
}

const row = (page: Page, courseId: string) => page.locator(`article[data-course-id="${courseId}"]`);

test.describe('Påmeldingskø (issue 37)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a parent waits for the opening, sees the place in line fall, is let in and books', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const venueName = uniqueName('Købadet', testInfo.project.name);
    const { course, slug } = await setUpCourse(admin.page, { venue: venueName, dates: mondayDates(3, 4, 5), maximumParticipants: 5 });
    const venue = `/kurs/${slug}`;
    const parent = (await login(page, MIO, venue)).user;
    // Two families who come before the opening (the random group): the parent joins after it, behind them.
    const ahead = [await parentIn(browser, baseURL, page, venue), await parentIn(browser, baseURL, page, venue)];

    const opensAt = new Date(Date.now() + 15_000);
    await put(admin.page, '/queue/openings', { opensAt: opensAt.toISOString(), courseIds: [course._id] });
    // A slow admission rate for this opening (one family every 4 s), so the place in line can be seen falling.
    await put(admin.page, `/queue/openings/${encodeURIComponent(opensAt.toISOString())}/rate`, { admitPerMinute: 15 });
    for (const other of ahead) {
      const ticket = await apiAs<{ state: string }>(other.page, 'POST', `/queue/courses/${course._id}/ticket`, {});
      expect(ticket.state).toBe('countdown');
    }

    // Before the opening: the opening time and a countdown instead of 'Bestill'.
    await page.goto(venue);
    const courseRow = row(page, course._id);
    await expect(courseRow).toContainText(/Påmeldingen åpner \d{2}\.\d{2}\.\d{4} kl\. \d{2}:\d{2}/);
    await expect(courseRow.getByTestId('opening-countdown')).toContainText(/Åpner om \d+ s/);
    await expect(courseRow.getByRole('button', { name: 'Bestill' })).toHaveCount(0);
    await expectAccessible(page);

    // The opening: 'Bestill' leads into the line.
    await expect(courseRow.getByRole('button', { name: 'Bestill' })).toBeVisible({ timeout: 30_000 });
    await courseRow.getByRole('button', { name: 'Bestill' }).click();
    const panel = page.getByRole('region', { name: 'Køen til påmeldingen' });
    const place = panel.getByTestId('queue-position');
    await expect(place).toHaveText(/^Du er nummer [23] i køen$/);
    const first = Number((await place.textContent())!.match(/\d+/)![0]);
    await expect(panel.getByRole('status')).toContainText('Beregnet ventetid');
    await expect(courseRow).toContainText('Du står i køen');
    await expectAccessible(page);
    // The place falls as the families ahead are let in …
    await expect(place).toHaveText(`Du er nummer ${first - 1} i køen`, { timeout: 30_000 });
    // … and then it is the parent's turn; the row books as usual.
    await expect(panel).toContainText('Det er din tur!', { timeout: 30_000 });
    await expectAccessible(page);
    await courseRow.getByRole('button', { name: 'Bestill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
    const select = dialog.getByLabel('Velg barn');
    const value = await select.locator('option', { hasText: `Mio ${parent.lastName}` }).getAttribute('value');
    await select.selectOption(value!);
    await dialog.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await page.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });

    // The admin's live view of the night: the line, the rate, the places left.
    await admin.page.goto('/admin/ko');
    const night = admin.page.getByTestId('queue-opening').filter({ has: admin.page.getByRole('cell', { name: venueName, exact: true }) });
    await expect(night).toHaveCount(1);
    await expect(night.getByTestId('queue-admitted')).toHaveText('3');
    await expect(night).toContainText('Slipper inn 15 familier per minutt.');
    await expect(night).toContainText('4 ledige plasser av 5');
    await expectAccessible(admin.page);

    for (const other of ahead) await other.close();
    await admin.close();
  });

  test('a parent in line before the opening sees the line end with the waitlist offered when all is sold', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const { course, slug } = await setUpCourse(admin.page, { venue: uniqueName('Fullbadet', testInfo.project.name), dates: mondayDates(3, 4), maximumParticipants: 1, children: 1 });
    const venue = `/kurs/${slug}`;
    await login(page, MIO, venue);
    const opensAt = new Date(Date.now() + 12_000);
    await put(admin.page, '/queue/openings', { opensAt: opensAt.toISOString(), courseIds: [course._id] });
    await admin.close();

    await page.goto(venue);
    const courseRow = row(page, course._id);
    await courseRow.getByRole('button', { name: 'Still deg i kø' }).click();
    // The confirmation is where the tap was, and has the focus (walk-through 06.12, finding 11).
    await expect(courseRow.getByText('Du står i køen.')).toBeFocused();
    await expect(courseRow.getByText('Du står i køen.')).toBeInViewport();
    const panel = page.getByRole('region', { name: 'Køen til påmeldingen' });
    await expect(panel).toContainText('Du står i køen.');
    await expect(panel).toContainText(/Påmeldingen åpner/);
    await expectAccessible(page);

    // Every course of the opening is full: at the opening the line ends at once, and the waitlist is offered.
    await expect(panel).toContainText('Fullt', { timeout: 30_000 });
    await expect(panel).toContainText('Alle kursene i denne påmeldingen er fulle.');
    await expect(panel.getByRole('button', { name: /venteliste/i })).toBeVisible();
    await expectAccessible(page);
  });

  test('the admin sets the opening time for a season’s courses at a venue in one form', async ({ page }, testInfo) => {
    await login(page, { role: 'admin' }, '/kurs');
    const venueName = uniqueName('Sesongbadet', testInfo.project.name);
    const { placeId } = await setUpCourse(page, { venue: venueName, dates: mondayDates(6, 7) });
    await page.goto('/admin/ko');
    await expect(page.getByRole('heading', { level: 1, name: 'Påmeldingskø' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Åpningstid for påmelding' });
    const day = mondayKey(2);
    const minute = testInfo.project.name === 'phone' ? '18:01' : '18:02';
    await form.getByLabel('Påmeldingen åpner (dato)').fill(day);
    await form.getByLabel('Klokkeslett').fill(minute);
    await form.getByLabel('Kurs med oppstart fra').fill(mondayKey(6));
    await form.getByLabel('til og med').fill(mondayKey(6));
    await form.getByLabel('Kurssted').selectOption(placeId);
    await expect(form.getByRole('group', { name: 'Kurs (1)' })).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Lagre åpningstid' }).click();
    await expect(form.getByRole('status')).toHaveText('Lagret for 1 kurs.');
    const [y, m, d] = day.split('-');
    const label = `Påmeldingen åpner ${d}.${m}.${y} kl. ${minute}`;
    const opening = page.getByTestId('queue-opening').filter({ has: page.getByRole('heading', { name: label }) });
    await expect(opening).toContainText('Venter på åpning');
    await expect(opening.getByRole('cell', { name: venueName, exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
