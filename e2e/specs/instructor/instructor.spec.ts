import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectAccessible, fullName, makePerson, startSession, uniqueLastName } from '../../support/auth';
import { adminPage, apiAs, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** The text of every page of a PDF, and each page's size in points. */
async function readPdf(bytes: Buffer): Promise<{ pages: { width: number; height: number; text: string }[] }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width: x1 - x0, height: y1 - y0, text });
  }
  await doc.cleanup();
  return { pages };
}

const ddmm = (iso: string) =>
  new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)).slice(0, 5);

test.describe('Instructor: course list and attendance', () => {
  // Each test makes an admin (to set up its own venue and course) and an instructor of its own.
  test.describe.configure({ timeout: 120_000 });

  test('the instructor opens the Kursliste and prints it: A4 landscape, every participant and date', async ({ page, browser, baseURL }, testInfo) => {
    // An instructor of the test's own, who teaches only the course set up here.
    const instructor = await makePerson(page.request, { role: 'instructor', lastName: uniqueLastName('Strand') });
    const admin = await adminPage(browser, baseURL, page);
    const dates = Array.from({ length: 8 }, (_, i) => `${mondayKey(i)}T09:00:00.000Z`);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Listebadet', testInfo.project.name), instructor: fullName(instructor), children: 3, dates });
    await admin.close();

    await startSession(page, instructor, `/kurs/${setup.slug}`);
    const article = page.locator(`article[data-course-id="${setup.course._id}"]`);
    await article.getByRole('button', { name: /kl\. 10:00/ }).click();
    for (const child of setup.children) await expect(article).toContainText(`${child.firstName} ${child.lastName}`);
    await article.getByRole('button', { name: 'Kursliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursliste' });
    // A table from 640 px; below, a card per child (issue 35).
    if (page.viewportSize()!.width >= 640) {
      await expect(dialog.getByRole('table')).toBeVisible();
      await expect(dialog.getByRole('row')).toHaveCount(1 + setup.children.length);
    } else {
      await expect(dialog.getByRole('list', { name: 'Deltakere' }).getByRole('listitem')).toHaveCount(setup.children.length);
    }
    await expect(dialog.getByRole('button', { name: 'Kopier telefonnumre' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Kopier navn og e-post' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'kursliste');

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await testInfo.attach(`kursliste-${testInfo.project.name}.pdf`, { body: pdf, contentType: 'application/pdf' });
    const { pages } = await readPdf(pdf);
    // A4 landscape: 297 × 210 mm = 841.89 × 595.28 points.
    for (const p of pages) {
      expect(Math.round(p.width)).toBe(842);
      expect(Math.round(p.height)).toBe(595);
    }
    const text = pages.map((p) => p.text).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Kursliste');
    for (const child of setup.children) expect(text).toContain(`${child.firstName} ${child.lastName}`);
    for (const date of dates) expect(text).toContain(ddmm(date));
    // Only the list is printed, not the page behind it.
    expect(text).not.toContain('Klikk her for å legge til nytt kurs');
    expect(text).not.toContain('Bestill kurs');
  });

  test('the instructor marks attendance on a phone; taps made offline are saved when the network returns', async ({ page, browser, baseURL, context }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // An instructor of the test's own, who teaches only the course set up here.
    const instructor = await makePerson(page.request, { role: 'instructor', lastName: uniqueLastName('Strand') });
    const admin = await adminPage(browser, baseURL, page);
    // This week's Monday (today at the latest) and three to come: attendance is kept for the first only.
    const dates = Array.from({ length: 4 }, (_, i) => `${mondayKey(i - 1)}T09:00:00.000Z`);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Oppmøtebadet', testInfo.project.name), instructor: fullName(instructor), children: 3, dates });
    await admin.close();
    const [a, b, c] = setup.children.map((x) => `${x.firstName} ${x.lastName}`) as [string, string, string];

    await startSession(page, instructor, `/kurs/${setup.slug}`);
    const article = page.locator(`article[data-course-id="${setup.course._id}"]`);
    await article.getByRole('button', { name: /kl\. 10:00/ }).click();
    await article.getByRole('link', { name: 'Oppmøte' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oppmøte');
    const status = page.getByRole('status').filter({ hasText: 'til stede' });
    await expect(status).toContainText('0 av 3 til stede');

    const button = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
    await button(a).click();
    await expect(button(a)).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toContainText('1 av 3 til stede · Alt er lagret');

    // The network drops at the pool: taps are kept and shown as waiting.
    await context.setOffline(true);
    await button(b).click();
    await button(c).click();
    await button(c).click();
    await expect(status).toContainText('2 av 3 til stede · 2 markeringer venter på nett');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'oppmote-uten-nett');
    await context.setOffline(false);
    await expect(status).toContainText('Alt er lagret');

    // Saved once on the server: two present, one away, nothing doubled; a reload shows the same.
    const list = await apiAs<{ attendance: { childId: string; date: string; present: boolean }[] }>(page, 'GET', `/courses/${setup.course._id}/participants`);
    const date = list.attendance[0]!.date;
    expect(list.attendance.filter((m) => m.date === date).map((m) => m.present).sort()).toEqual([false, true, true]);
    expect(list.attendance).toHaveLength(3);
    await page.reload();
    await expect(status).toContainText('2 av 3 til stede · Alt er lagret');
    await expect(button(a)).toHaveAttribute('aria-pressed', 'true');
    await expect(button(c)).toHaveAttribute('aria-pressed', 'false');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'oppmote');

    // A date that has not come cannot be marked (issue 35): the buttons are off and say from when.
    await page.getByLabel('Dato').selectOption(dates[1]!);
    await expect(page.getByText(/^Oppmøte kan føres fra \d{2}\.\d{2}\.\d{4}\.$/)).toBeVisible();
    await expect(button(a)).toBeDisabled();
    await page.getByLabel('Dato').selectOption(dates[0]!);
    await expect(button(a)).toBeEnabled();

    // The printed list shows the marks already taken.
    await page.goto(`/kurs/${setup.slug}`);
    await article.getByRole('button', { name: /kl\. 10:00/ }).click();
    await article.getByRole('button', { name: 'Kursliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursliste' });
    await expect(dialog.getByRole('img', { name: new RegExp(`^${a} .*: til stede$`) })).toHaveCount(1);
    await expect(dialog.getByRole('img', { name: new RegExp(`^${c} .*: borte$`) })).toHaveCount(1);
  });
});
