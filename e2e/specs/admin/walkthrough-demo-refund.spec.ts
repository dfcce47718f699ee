import { apiAs } from '../../support/admin';
import { expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

type Listed = {
  _id: string;
  createdAt: string;
  reference: string;
  humanReference: string;
  capturedAmount: number;
  refundedAmount: number;
  additionalInfo: { child: { firstName: string; lastName: string } | null };
};

/**
 * Walk-through 06.12, major 4 (issue 53): the demo's seeded orders were unknown to the Vipps simulator, so every
 * refund of one answered 502. Now the simulator learns the database's payments at start (decision 046): an admin on a
 * phone refunds part of one of Sara's seeded orders, and Vipps takes it.
 */
test.describe('The demo money features (walk-through 06.12, major 4)', () => {
  // On the phone only (playwright.config.ts): the order is the demo's own, and a second project would refund it again.
  test("an admin refunds part of Sara's seeded order through Vipps: 'Delvis refundert'", async ({ page }, testInfo) => {
    await login(page, { role: 'admin' }, '/admin/ordre');
    // Jakob's order for the course that has ended (the seed's oldest of his paid orders): no other spec reads it, and a
    // part refund keeps him on the course, so his profile's 'Fullført' history stays.
    const { orders } = await apiAs<{ orders: Listed[] }>(page, 'GET', `/payments?limit=100&status=captured&q=${encodeURIComponent('Sara Nilsen')}`);
    const seeded = orders
      .filter((o) => o.additionalInfo.child?.firstName === 'Jakob' && o.refundedAmount === 0)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    expect(seeded, "Jakob's seeded order").toBeDefined();
    expect(Date.parse(seeded!.createdAt), 'seeded before this run').toBeLessThan(Date.now() - 86_400_000);

    const main = page.getByRole('main');
    await main.getByLabel('Søk', { exact: true }).fill(seeded!.humanReference);
    const card = main.locator(`article[data-order-id="${seeded!._id}"]`);
    await expect(main.locator('article[data-order-id]')).toHaveCount(1);
    await expect(card.locator('[data-tone]')).toHaveText('Betalt');
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Refunder' }).click();
    const dialog = page.getByRole('dialog', { name: `Refunder ordre ${seeded!.humanReference}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Delbeløp').check();
    await dialog.getByLabel('Beløp i kr').fill('100');
    await expect(dialog.getByLabel('Meld barnet av kurset')).not.toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Refunder' }).click();
    // Before decision 046: 502 from Vipps ('Kunne ikke refundere ordren'), and a retry could never succeed.
    await expect(page.getByText('Ordren er refundert (100 kr)')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Kunne ikke refundere ordren')).toHaveCount(0);

    await expect(card.locator('[data-tone]')).toHaveText('Delvis refundert');
    await expect(card).toContainText(/Refundert\s*100\s*kr\s*av/);
    await card.getByText(/^Hendelser fra Vipps/).click();
    await expect(card.getByRole('listitem').filter({ hasText: 'Refundert' })).toHaveCount(1);
    await page.evaluate('window.scrollTo(0, 0)');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'demo-refusjon');

    // The server agrees: 100 kr of the seeded order is back with the family.
    const after = await apiAs<{ orders: Listed[] }>(page, 'GET', `/payments?limit=5&q=${encodeURIComponent(seeded!.reference)}`);
    expect(after.orders.find((o) => o._id === seeded!._id)).toMatchObject({ refundedAmount: 10_000, capturedAmount: seeded!.capturedAmount });
  });
});
