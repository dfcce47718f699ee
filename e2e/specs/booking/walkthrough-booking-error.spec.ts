import { adminPage, setUpCourse, uniqueName, mondayDates } from '../../support/admin';
import { login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

// Typed by hand: this project's TypeScript has no DOM library.
type Doc = { elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null };

test.describe('Booking dialog errors (issue 35, item 4)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Betal without a child: the error shows above the sticky Avbryt/Betal bar, is announced and takes the focus', async ({ page, browser, baseURL }, testInfo) => {
    // Ten dates make the summary longer than a phone's screen, so the dialog scrolls under its sticky bar.
    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Feilbadet', testInfo.project.name), dates: mondayDates(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) });
    await admin.close();

    // A family of its own with two children, none chosen yet.
    const children = [{ firstName: 'Jakob', birthdate: '2023-06-02' }, { firstName: 'Emma', birthdate: '2026-03-14' }];
    await login(page, { children }, `/kurs/${setup.slug}`);
    await page.locator(`article[data-course-id="${setup.course._id}"]`).getByRole('button', { name: 'Bestill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursoversikt' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Betal' }).click();

    const error = dialog.getByRole('alert').filter({ hasText: 'Du må velge et barn for å kunne bestille kurset' });
    await expect(error).toBeVisible();
    await expect(error).toBeFocused();
    await expect(error).toBeInViewport({ ratio: 1 });
    // Nothing is drawn over it: the middle of the message is the message itself, not the bar.
    const box = (await error.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => !!(globalThis as unknown as { document: Doc }).document.elementFromPoint(x!, y!)?.closest('[role="alert"]'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop, 'the error is not covered').toBe(true);
    const bar = (await dialog.getByRole('button', { name: 'Betal' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    await keepScreenshot(page, testInfo, 'bestill-feil');
  });
});
