import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Public pages arrive rendered by the server (decision 018): a click before React has taken the page over would be
 * lost, so after each navigation the page waits until the app marks itself live (<html data-hydrated>), or until
 * boot.ts has decided that a visitor gets the page without the app (<html data-without-app>, decision 045).
 */
export function liveAfterNavigation(page: Page): Page {
  // A function, not a string: the CSP (no 'unsafe-eval') refuses a string predicate. Typed by hand: no DOM library here.
  type Doc = { getElementById(id: string): unknown; documentElement: { hasAttribute(name: string): boolean } };
  const live = () =>
    page.waitForFunction(() => {
      const doc = (globalThis as unknown as { document: Doc }).document;
      const html = doc.documentElement;
      return !doc.getElementById('root') || html.hasAttribute('data-hydrated') || html.hasAttribute('data-without-app');
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
  return page;
}

/**
 * A second person's browser (an admin beside a parent, an invitee): its own context, Norwegian and in Oslo's time,
 * the size of `like` when given, and live after each navigation like the test's own page.
 */
export async function otherBrowser(
  browser: Browser,
  baseURL: string | undefined,
  like?: Page,
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL, viewport: like?.viewportSize() ?? undefined, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  const page = liveAfterNavigation(await context.newPage());
  return { page, close: () => context.close() };
}

/**
 * Every test page fails on a console error or an uncaught page error, so a screen that "looks fine" but logs
 * errors does not pass.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    liveAfterNavigation(page);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // Whatever the CSP refuses (an inline script or style, an eval, even one a library catches) is an error too.
      await page.addInitScript(() => {
        type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number };
        const g = globalThis as unknown as {
          document: { addEventListener(type: string, listener: (event: Violation) => void): void };
          console: { error(message: string): void };
        };
        g.document.addEventListener('securitypolicyviolation', (e) =>
          g.console.error(`CSP violation: ${e.violatedDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
        );
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Zero axe violations for the WCAG 2.0/2.1/2.2 A and AA tags. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // A click or a fill scrolls the page (and a reload keeps the scroll), so a button may sit half under the sticky
  // header, which axe's target-size counts as obscured. Scanned from the top, the page is judged on its own layout.
  await page.evaluate('window.scrollTo(0, 0)');
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
