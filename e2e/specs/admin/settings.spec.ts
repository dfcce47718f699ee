import { expectAccessible, fullName, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * /admin/innstillinger (decision 054): an admin changes how long a family credit lasts; the change is a new version with
 * their name, and a wrong value is refused in Norwegian before anything is sent. It runs on the phone only (see
 * playwright.config.ts), so no other project changes the slice at the same time; it puts the old value back (a further
 * version) when it is done.
 */
test('an admin changes the credit months on /admin/innstillinger: a new version, with the history', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await login(page, { role: 'admin' }, '/admin');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Innstillinger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Innstillinger' })).toBeVisible();

  const current = main.getByTestId('credit-months-current');
  await expect(current).toContainText('Et tilgodebeløp gjelder i');
  const before = Number(/(\d+) måned/.exec((await current.textContent()) ?? '')?.[1]);
  expect(before).toBeGreaterThan(0);
  const chosen = before === 7 ? 8 : 7;
  await expect(main.getByRole('heading', { name: 'Avbestillingsregler' })).toBeVisible();
  await expectAccessible(page);

  const form = main.getByRole('form', { name: 'Endre gyldighet for tilgodebeløp' });
  const field = form.getByLabel('Gyldighet (måneder)');
  await field.fill('0');
  await form.getByRole('button', { name: 'Lagre' }).click();
  await expect(form.getByText('Gyldighet må være et helt antall måneder fra 1 til 60.')).toBeVisible();
  await expectAccessible(page);

  await field.fill(String(chosen));
  await form.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText(/Lagret som versjon \d+/)).toBeVisible();
  await expect(current).toContainText(`${chosen} måneder`);

  const history = main.locator('details', { has: page.locator('#versjoner-tilgode') });
  await history.locator('summary').click();
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText('(gjeldende)');
  await expect(newest).toContainText(`av ${fullName(admin)}`);
  await expect(newest).toContainText(`Gyldighet: ${chosen} måneder`);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'innstillinger');

  // Put the value back for the rest of the run: one more version.
  await field.fill(String(before));
  await form.getByRole('button', { name: 'Lagre' }).click();
  await expect(current).toContainText(`i ${before} måned`);
});
