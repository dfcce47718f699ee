import type { Browser, Page, TestInfo } from '@playwright/test';
import { allowHttpErrors, expectAccessible, fullName, login, makePerson, SESSION_KEY, uniqueLastName } from '../../support/auth';
import { adminPage, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** The back office (issue 14): dashboard, user search, orders with a refund through Vipps, the statistics chart. */

const authHeader = async (page: Page) => {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  return { Authorization: `Bearer ${token}` };
};

test.describe('Dashbord', () => {
  test.describe.configure({ timeout: 90_000 });

  test('four boxes: latest logins (the admin active), latest orders, today, last changed courses', async ({ page }, testInfo) => {
    // An admin of the test's own, logged in as a Vipps login would be (lastLogin recorded): among the newest logins.
    const admin = await login(page, { role: 'admin', lastName: uniqueLastName('Admin-Berg') }, '/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashbord' })).toBeVisible();

    const logins = main.getByRole('region', { name: 'Siste innloggede brukere' });
    const cards = logins.locator('article[data-user-id]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(8);
    // The admin has just logged in: listed, highlighted as active, as is the newest card (other tests' people log in
    // at the same time, so the admin's need not be the very first).
    const own = logins.locator(`article[data-user-id="${admin.user._id}"]`);
    await expect(own).toContainText(fullName(admin));
    await expect(own).toHaveAttribute('data-active', 'true');
    await expect(cards.first()).toHaveAttribute('data-active', 'true');
    await expect(logins.getByRole('link', { name: 'Søk etter brukere' })).toHaveAttribute('href', '/admin/brukere');

    const orders = main.getByRole('region', { name: 'Siste ordre' });
    await expect(orders.locator('article[data-order-id]')).toHaveCount(2);
    await expect(orders.getByRole('link', { name: 'Se flere ordre' })).toHaveAttribute('href', '/admin/ordre');

    const today = main.getByRole('region', { name: 'Kurs i dag' }).first();
    await expect(today.getByRole('heading', { level: 2 })).toContainText(/Kurs i dag\s*\d+/);
    const changed = main.getByRole('region', { name: 'Siste endrede kurs' });
    const rows = changed.locator('article[data-course-id]');
    await expect(rows).toHaveCount(3);
    const toggle = rows.first().getByRole('button');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(rows.first().getByRole('heading', { name: 'Datoer' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'dashbord-bokser');

    await orders.getByRole('link', { name: 'Se flere ordre' }).click();
    await expect(page).toHaveURL(/\/admin\/ordre$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Ordre' })).toBeVisible();
  });
});

test.describe('Brukere', () => {
  test.describe.configure({ timeout: 90_000 });

  test('search by name without accents, the rules of spec §5, results linked to profiles', async ({ page, consoleErrors }, testInfo) => {
    // People of the test's own to find: an admin with a hyphenated family name, and a parent whose name has an 'Ø'.
    const admin = await login(page, { role: 'admin', lastName: uniqueLastName('Admin-Berg') }, '/admin/brukere');
    const accented = await makePerson(page.request, { lastName: uniqueLastName('Øyvindsen') });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Brukere' })).toBeVisible();
    const input = main.getByLabel('Søk etter brukere');

    await input.fill('os');
    await expect(main.getByRole('status')).toHaveText('Søk etter mer enn 2 tegn');
    await expectAccessible(page);

    await main.getByLabel('Foreldre').uncheck();
    await main.getByLabel('Barn').uncheck();
    await input.fill(admin.user.lastName.toLowerCase());
    await expect(main.getByRole('status')).toHaveText('Velg minst én kategori');
    await main.getByLabel('Foreldre').check();

    // 'admin-bergxyz…' (lower case) finds '… Admin-Bergxyz…'.
    await expect(main.getByRole('status')).toHaveText(/^Fant \d+ brukere?\b/);
    const found = main.locator(`article[data-user-id="${admin.user._id}"]`);
    await expect(found).toBeVisible();
    await expect(found).toContainText('Administrator');
    await expect(found.getByRole('link', { name: fullName(admin) })).toHaveAttribute('href', /^\/profil\/[0-9a-f]{24}$/);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'brukere-treff');

    // Accents: 'oyvindsenxyz…' finds 'Øyvindsenxyz…'.
    await input.fill(accented.user.lastName.replace('Ø', 'o').toLowerCase());
    await expect(main.getByRole('status')).toHaveText(/^Fant \d+ brukere?\b/);
    await expect(main.locator(`article[data-user-id="${accented.user._id}"]`)).toContainText(accented.user.lastName);

    await input.fill('zzqqxx');
    await expect(main.getByRole('status')).toHaveText('Fant ingen brukere');
    allowHttpErrors(consoleErrors, 404);
    await expectAccessible(page);

    await input.fill('*');
    await main.getByLabel('Barn').check();
    await expect(main.getByRole('status')).toHaveText(/^Fant \d+ brukere \(viser de 100 første\)$/);
  });
});

/**
 * A paid order made by a family of the test's own over the API and the simulator's landing page, on a course the test
 * makes (no age bounds, places free): one payment start, not a search through the demo courses.
 */
async function paidOrder(page: Page, browser: Browser, baseURL: string | undefined, testInfo: TestInfo): Promise<{ reference: string }> {
  const admin = await adminPage(browser, baseURL, page);
  const { course } = await setUpCourse(admin.page, { venue: uniqueName('Refusjon', testInfo.project.name), dates: mondayDates(1, 2) });
  await admin.close();
  const parent = await login(page, { children: [{ firstName: 'Emma', birthdate: '2025-01-20' }] }, '/');
  const headers = await authHeader(page);
  const me = parent.user;
  const child = parent.children[0]!;
  const start = await page.request.post('/api/vipps/payment', { headers, data: { userId: me._id, childId: child._id, courseId: course._id } });
  expect(start.status(), await start.text()).toBe(200);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: 'Betal' }).click();
  await expect(page).toHaveURL(/\/vipps\/payment\/[A-Za-z0-9-]+$/);
  const reference = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/vipps/payment/${reference}`, { headers })).json()) as { state: string }).state, { timeout: 20_000 })
    .toBe('CAPTURED');
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
  return { reference };
}

test.describe('Ordre', () => {
  // Two logins, a payment through the simulator and several axe runs over 24 orders: more than the default budget.
  test.describe.configure({ timeout: 180_000 });

  test('an admin refunds part of a paid order through Vipps', async ({ page, browser, baseURL }, testInfo) => {
    const { reference } = await paidOrder(page, browser, baseURL, testInfo);
    await login(page, { role: 'admin' }, '/admin/ordre');
    const main = page.getByRole('main');
    // Searched by its reference (issue 35): the one order.
    await main.getByLabel('Søk', { exact: true }).fill(reference);
    await expect(main.locator('article[data-order-id]')).toHaveCount(1);
    await main.getByLabel('Status').selectOption({ label: 'Betalt' });
    const card = main.locator('article[data-order-id]').filter({ hasText: reference });
    await expect(card).toBeVisible();
    await expect(card.locator('[data-tone]')).toHaveText('Betalt');
    await expect(card.locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
    await card.getByText(/^Hendelser fra Vipps/).click();
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Refunder' }).click();
    const dialog = page.getByRole('dialog', { name: /^Refunder ordre BS-/ });
    await expect(dialog).toBeVisible();
    // A full refund takes the child off the course by default; a part does not (issue 35).
    await expect(dialog.getByLabel('Meld barnet av kurset')).toBeChecked();
    await dialog.getByLabel('Delbeløp').check();
    await expect(dialog.getByLabel('Meld barnet av kurset')).not.toBeChecked();
    await dialog.getByLabel('Beløp i kr').fill('100000');
    await dialog.getByRole('button', { name: 'Refunder' }).click();
    await expect(dialog.getByText(/^Du kan refundere høyst/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'refusjon-dialog');

    await dialog.getByLabel('Beløp i kr').fill('100');
    // A double click: one refund (the dialog's key), the button is disabled while Vipps answers.
    await dialog.getByRole('button', { name: 'Refunder' }).dblclick();
    await expect(page.getByText('Ordren er refundert (100 kr)')).toBeVisible();
    await expect(dialog).toBeHidden();

    await main.getByLabel('Status').selectOption({ label: 'Refundert' });
    const refunded = main.locator('article[data-order-id]').filter({ hasText: reference });
    // 100 kr of the order: the badge says so (walk-through 06.12, finding 18).
    await expect(refunded.locator('[data-tone]')).toHaveText('Delvis refundert');
    await expect(refunded).toContainText(/Refundert\s*100\s*kr\s*av/);
    await refunded.getByText(/^Hendelser fra Vipps/).click();
    await expect(refunded.getByRole('listitem').filter({ hasText: 'Refundert' })).toHaveCount(1);
    // The sticky header covers the filters once the list is scrolled (axe then sees their target shrink).
    await page.evaluate('window.scrollTo(0, 0)');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'ordre-refundert');
  });

  test('the statistics chart: Hent graf, six periods, Linje and Kolonne, Skjul graf; ECharts only here', async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.goto('/kurs');
    expect(scripts.filter((url) => /payments-chart|echarts/.test(url)), 'ECharts on a public page').toEqual([]);

    await login(page, { role: 'admin' }, '/admin/ordre');
    const main = page.getByRole('main');
    const panel = main.getByRole('region', { name: 'Statistikk' });
    await expect(panel.getByRole('button')).toHaveText(['Hent graf']);
    expect(scripts.filter((url) => /payments-chart/.test(url)), 'ECharts before the first chart').toEqual([]);
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Hent graf' }).click();
    const chart = panel.getByTestId('payments-chart');
    // The first chart fetches ECharts (its own chunk) first.
    await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
    await expect(chart).toHaveAttribute('data-chart-type', 'line');
    expect(scripts.some((url) => /payments-chart/.test(url))).toBe(true);
    await expect(panel.getByRole('group', { name: 'Periode' }).getByRole('button')).toHaveText([
      'Hent data for siste 7 dager',
      'Hent data for siste 30 dager',
      'Hent data for denne måned',
      'Hent data for forrige måned',
      'Hent data for i år',
      'Hent data for i fjor',
    ]);
    await panel.getByRole('button', { name: 'Hent data for i år' }).click();
    await expect(panel.getByRole('button', { name: 'Hent data for i år' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('img', { name: /^I år: \d+ betalte ordre$/ })).toBeVisible({ timeout: 30_000 });
    await expect(chart.locator('canvas')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'graf-linje');

    await panel.getByRole('button', { name: 'Kolonne' }).click();
    await expect(chart).toHaveAttribute('data-chart-type', 'column');
    await expect(panel.getByRole('button', { name: 'Kolonne' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'graf-kolonne');

    await panel.getByRole('button', { name: 'Hent data for siste 7 dager' }).click();
    await expect(chart.or(panel.getByText(/^Fant ingen ordre siste 7 dager$/))).toBeVisible();

    await panel.getByRole('button', { name: 'Skjul graf' }).click();
    await expect(panel.getByRole('button')).toHaveText(['Hent graf']);
  });
});
