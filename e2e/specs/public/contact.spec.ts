import { expect, expectNoA11yViolations, keepScreenshot, test } from '../../support/fixtures';

test.describe('Kontakt', () => {
  test('required fields are explained, then a message is sent', async ({ page }, testInfo) => {
    await page.goto('/kontakt');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kontakt');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(main.getByRole('link', { name: /\+47/ }).first()).toHaveAttribute('href', /^tel:/);

    await main.getByRole('button', { name: /Send/ }).click();
    await expect(main.getByLabel(/Navn/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);

    await main.getByLabel(/Navn/).fill('Kari Nordmann');
    await main.getByLabel(/E-post/i).fill('kari@example.no');
    await main.getByLabel(/Melding/).fill('Har dere ledige plasser for en baby på 4 måneder?');
    await main.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText('Takk for henvendelsen! Vi vil svare deg så fort som mulig.')).toBeVisible();
    await expectNoA11yViolations(page);
    await keepScreenshot(page, testInfo, 'kontakt-sendt');
  });
});
