import { adminPage, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible } from '../../support/auth';
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../../support/fixtures';

const readClipboard = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());

const ddmm = (iso: string) =>
  new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)).slice(0, 5);

test.describe("The Kursliste's copy buttons and its dates on a phone (issue 35, item 10)", () => {
  // Two or three logins through the simulator.
  test.describe.configure({ timeout: 180_000 });

  test("a copy button says 'Kopiert'; below 640 px each child is a card and no date is cut off", async ({ page, browser, baseURL, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await adminPage(browser, baseURL, page);
    await admin.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // Twelve dates: wider than a phone as a table row.
    const dates = Array.from({ length: 12 }, (_, i) => `${mondayKey(i)}T09:00:00.000Z`);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Kopibadet', testInfo.project.name), children: 2, dates });
    const listPage = admin.page;

    await listPage.goto(`/kurs/${setup.slug}`);
    const article = listPage.locator(`article[data-course-id="${setup.course._id}"]`);
    await article.getByRole('button', { name: /kl\. 10:00/ }).click();
    await article.getByRole('button', { name: 'Kursliste' }).click();
    const dialog = listPage.getByRole('dialog', { name: 'Kursliste' });

    // The copy buttons: the one used says 'Kopiert', then its own name again.
    await dialog.getByRole('button', { name: 'Kopier telefonnumre' }).click();
    await expect(dialog.getByRole('button', { name: 'Kopiert' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Telefonnumrene er kopiert');
    expect(await readClipboard(listPage)).toMatch(/^\+\d+/);
    await expect(dialog.getByRole('button', { name: 'Kopier telefonnumre' })).toBeVisible({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Kopier navn og e-post' }).click();
    await expect(dialog.getByRole('button', { name: 'Kopiert' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Kopier telefonnumre' })).toBeVisible();
    expect(await readClipboard(listPage)).toContain('@');

    const width = listPage.viewportSize()!.width;
    if (width < 640) {
      // A card per child, every date of it inside the window, and nothing scrolls sideways.
      await expect(dialog.getByRole('table')).toBeHidden();
      const cards = dialog.getByRole('list', { name: 'Deltakere' }).getByRole('listitem');
      await expect(cards).toHaveCount(setup.children.length);
      for (const child of setup.children) {
        const card = cards.filter({ hasText: `${child.firstName} ${child.lastName}` });
        for (const date of dates) {
          const square = card.getByRole('img', { name: `${child.firstName} ${child.lastName} ${ddmm(date)}: ikke registrert` });
          // Inside the window from side to side (the dialog scrolls up and down, never sideways).
          const box = (await square.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          await expect(card.getByText(ddmm(date), { exact: true })).toBeVisible();
        }
      }
      // Boxes inside the dialog that scroll sideways (the old table did).
      const sideways = await listPage.evaluate(() => {
        type El = { scrollWidth: number; clientWidth: number; outerHTML: string };
        const g = globalThis as unknown as {
          document: { querySelectorAll(selector: string): Iterable<El> };
          getComputedStyle(el: El): { overflowX: string };
        };
        return [...g.document.querySelectorAll('[role=dialog], [role=dialog] *')]
          .filter((e) => g.getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.outerHTML.slice(0, 80));
      });
      expect(sideways, 'boxes of the dialog that scroll sideways').toEqual([]);
      const box = await dialog.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    } else {
      await expect(dialog.getByRole('table')).toBeVisible();
      await expect(dialog.getByRole('row')).toHaveCount(1 + setup.children.length);
    }
    await expectAccessible(listPage);
    await keepScreenshot(listPage, testInfo, 'kursliste-kort');
    await admin.close();
  });
});
