import { expect, expectNoA11yViolations, keepScreenshot, test } from '../../support/fixtures';

test('Kurssteder: places grouped by town with structured course data', async ({ page }, testInfo) => {
  await page.goto('/kurs');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kurssteder');
  for (const town of ['Oslo', 'Lillestrøm', 'Skjetten', 'Skedsmokorset', 'Jessheim']) {
    await expect(page.getByRole('heading', { name: `Babysvømming ${town}` })).toBeVisible();
  }
  const link = page.getByRole('link', { name: /Lillestrøm Svømmehall/ });
  await expect(link).toHaveAttribute('href', /^\/kurs\/(lillestrøm-svømmehall|lillestr%C3%B8m-sv%C3%B8mmehall)$/);

  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(jsonLd ?? '{}');
  const text = JSON.stringify(data);
  expect(text).toContain('"NOK"');
  expect(text).toContain('PT30M');
  expect(text).toContain('Onsite');

  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'kurssteder');
});
