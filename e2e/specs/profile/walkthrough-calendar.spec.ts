import { expectAccessible, login } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
 * Walk-through 06.12, finding 2: 'Legg til i kalender' was a webcal: link only, which an Android phone ignores. The
 * family calendar now also gives its https address to copy, a line on Google Calendar, and Google's own link
 * (decision 047; only its address is tested: no machine here reaches Google).
 */
test('an Android parent copies the family calendar address, and Google Calendar gets it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  const calendar = page.getByRole('region', { name: 'Familiekalender' });
  const address = calendar.getByLabel('Kalenderadressen');
  await expect(address).toHaveValue(/^http:\/\/localhost:\d+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();

  await calendar.getByRole('button', { name: 'Kopier kalenderadressen' }).click();
  await expect(calendar.getByRole('status').filter({ hasText: 'kopiert' })).toHaveText('Adressen er kopiert.');
  // Typed by hand: the E2E project has no DOM library.
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(url);

  await expect(calendar.getByRole('link', { name: 'Legg til i kalender (iPhone og Mac)' })).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'));
  await expect(calendar.getByRole('link', { name: 'åpne den i Google Kalender' })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(url)}`,
  );
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  await expectAccessible(page);
});

/** Walk-through 06.12, finding 16: the reminders opt-out is a setting with a heading, and says it was saved. */
test('a parent turns the reminders off under their own heading, sees it saved, and it stays off', async ({ page }) => {
  await login(page);
  const reminders = page.getByRole('region', { name: 'Påminnelser' });
  const box = reminders.getByRole('checkbox', { name: /Send meg en påminnelse på e-post/ });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(reminders.getByRole('status')).toHaveText('Lagret');
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Påminnelser' }).getByRole('checkbox', { name: /Send meg en påminnelse/ })).not.toBeChecked();
});
