import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every test page fails on a console error or an uncaught page error, so a screen that "looks fine" but logs
 * errors does not pass.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Zero axe violations for the WCAG 2.0/2.1/2.2 A and AA tags. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/** Full-page screenshot kept as a test artifact (test-results/ and the HTML report). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { body, contentType: 'image/png' });
}

/**
 * A locator for exactly the element `locator` matches now, by its aria-controls: a locator such as
 * "the first collapsed button" would otherwise find the next one after a click.
 */
export async function pinned(locator: Locator): Promise<Locator> {
  const controls = await locator.getAttribute('aria-controls');
  expect(controls, 'an expandable button names what it controls').toBeTruthy();
  return locator.page().locator(`[aria-controls="${controls}"]`);
}
