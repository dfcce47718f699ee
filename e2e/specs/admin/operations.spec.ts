import { expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

test.describe("Operator view: the dashboard's 'Drift' box (issue 42)", () => {
  test('shows the database, the e-mail outbox, the payment check and Vipps, each on its own line', async ({ page }, testInfo) => {
    await login(page, { role: 'admin' }, '/admin');
    const box = page.getByRole('region', { name: 'Drift' });
    await expect(box).toBeVisible();
    await expect(box.locator('[data-operations-database]')).toHaveText(/^svarer \(\d+ ms\)$/);
    await expect(box.locator('[data-operations-outbox]')).toContainText('venter på sending');
    await expect(box.locator('[data-operations-reconciler]')).toHaveText(/^(sist kjørt|ikke kjørt ennå)/);
    // The E2E server runs against the built-in simulator, which answers.
    await expect(box.locator('[data-operations-vipps]')).toHaveText('svarer');
    // Open payment incidents (issue 52): none, or a count with the way to the orders where they are resolved.
    const incidents = box.locator('[data-operations-incidents]');
    await expect(incidents).toHaveText(/^(ingen åpne|\d+ åpne? · Løs dem under Ordre)$/);
    const link = incidents.getByRole('link', { name: 'Løs dem under Ordre' });
    if (await link.count()) await expect(link).toHaveAttribute('href', '/admin/ordre?hendelser=apne');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'drift');
  });

  test('a parent gets the health answer without the details', async ({ page }) => {
    await login(page, {}, '/');
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toEqual({ status: 'ok' });
  });
});
