import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFile } from 'node:fs/promises';
import { expectAccessible, fullName, makePerson, startSession, uniqueLastName } from '../../support/auth';
import { adminPage, apiAs, mondayDates, mondayKey, setUpCourse, setUpLevel, uniqueName } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

/** Decision 057: 'Ferdigheter' on the pool deck through the offline queue, and the parents' 'Fremgang' with 'Kursbevis'. */
test.describe('Skills, progress and the course certificate', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the instructor marks skills on a phone; marks made offline wait, then arrive', async ({ page, browser, baseURL, context }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const instructor = await makePerson(page.request, { role: 'instructor', lastName: uniqueLastName('Strand') });
    const admin = await adminPage(browser, baseURL, page);
    const level = await setUpLevel(admin.page, uniqueName('Nivå', testInfo.project.name), ['Flyter på ryggen med støtte', 'Dykker med hjelp']);
    const dates = Array.from({ length: 4 }, (_, i) => `${mondayKey(i - 1)}T09:00:00.000Z`);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Ferdighetsbadet', testInfo.project.name), instructor: fullName(instructor), children: 2, dates, levelId: level.id });
    await admin.close();
    const [a, b] = setup.children.map((x) => `${x.firstName} ${x.lastName}`) as [string, string];

    // From the instructor's course list, next to 'Oppmøte'.
    await startSession(page, instructor, '/profil');
    await page.getByRole('link', { name: /^Ferdigheter, / }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ferdigheter');
    await expect(page.getByLabel('Ferdighet')).toHaveValue(level.skillIds[0]!);
    const status = page.getByRole('status').filter({ hasText: 'mestrer' });
    await expect(status).toContainText('0 av 2 mestrer · Alt er lagret');
    const button = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}:`) });

    await button(a).click();
    await expect(button(a)).toHaveAccessibleName(new RegExp(`^${a}: Øver\\.`));
    await expect(status).toContainText('Alt er lagret');

    await context.setOffline(true);
    await button(a).click();
    await button(b).click();
    await expect(status).toContainText('1 av 2 mestrer · 2 markeringer venter på nett');
    await expect(button(a)).toHaveAccessibleName(new RegExp(`^${a}: Mestrer, venter på nett`));
    await expectAccessible(page);
    await context.setOffline(false);
    await expect(status).toContainText('Alt er lagret');

    await page.reload();
    await expect(status).toContainText('1 av 2 mestrer · Alt er lagret');
    await expect(button(a)).toHaveAccessibleName(new RegExp(`^${a}: Mestrer\\.`));
    await expect(button(b)).toHaveAccessibleName(new RegExp(`^${b}: Øver\\.`));
    const progress = await apiAs<{ marks: { state: string }[] }>(page, 'GET', `/courses/${setup.course._id}/progress`);
    expect(progress.marks.map((m) => m.state).sort()).toEqual(['Mestrer', 'Øver']);
    await expectAccessible(page);
  });

  test("the parent sees 'Fremgang' and downloads 'Kursbevis' for a finished course", async ({ page, browser, baseURL }, testInfo) => {
    const parent = await makePerson(page.request, { lastName: uniqueLastName('Lund'), children: [{ firstName: 'Tuva', birthdate: '2025-01-15' }] });
    const child = parent.children[0]!;
    const admin = await adminPage(browser, baseURL, page);
    const levelName = uniqueName('Nivå', testInfo.project.name);
    const level = await setUpLevel(admin.page, levelName, ['Flyter på ryggen med støtte', 'Dykker med hjelp']);
    const ended = await setUpCourse(admin.page, { venue: uniqueName('Kursbevisbadet', testInfo.project.name), dates: mondayDates(-6, -5, -4, -3), levelId: level.id });
    const courseId = ended.course._id;
    await apiAs(admin.page, 'POST', `/courses/${courseId}/participants`, { id: child._id });
    await apiAs(admin.page, 'POST', `/courses/${courseId}/attendance`, { marks: ended.course.dates.map((date) => ({ childId: child._id, date, present: true, markedAt: date })) });
    await apiAs(admin.page, 'POST', `/courses/${courseId}/skill-marks`, { marks: [{ childId: child._id, skillId: level.skillIds[0], state: 'Mestrer', madeAt: ended.course.dates[2] }] });
    await admin.close();

    await startSession(page, parent, '/profil');
    const section = page.getByRole('region', { name: `Fremgang for ${child.firstName} ${child.lastName}` });
    await expect(page.getByRole('heading', { name: 'Fremgang' })).toBeVisible();
    await expect(section.getByText(`Nivå nå: ${levelName}`)).toBeVisible();
    await expect(section.getByText(/Flyter på ryggen med støtte: Mestrer \(\d{2}\.\d{2}\.\d{4}\)/)).toBeVisible();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: /^Kursbevis, / }).click();
    const file = await (await download).path();
    const doc = await getDocument({ data: new Uint8Array(await readFile(file)), useSystemFonts: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('Kursbevis');
    expect(text).toContain(`${child.firstName} ${child.lastName}`);
    expect(text).toContain('Flyter på ryggen med støtte');
  });
});
