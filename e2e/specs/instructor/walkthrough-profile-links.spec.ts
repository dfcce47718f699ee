import { adminPage, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, fullName, makePerson, startSession, uniqueLastName } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

test.describe("The instructor's courses on /profil (issue 35, item 9)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("'Som instruktør' links each course to its attendance and its Kursliste, and the next lesson is one tap away", async ({ page, browser, baseURL }, testInfo) => {
    // An instructor of the test's own, who teaches only the course set up here.
    const instructor = await makePerson(page.request, { role: 'instructor', lastName: uniqueLastName('Strand') });
    const admin = await adminPage(browser, baseURL, page);
    const venue = uniqueName('Instruktørbadet', testInfo.project.name);
    const setup = await setUpCourse(admin.page, { venue, instructor: fullName(instructor), children: 2, dates: mondayDates(0, 1, 2) });
    await admin.close();

    await startSession(page, instructor, '/profil');
    const section = page.getByRole('region', { name: 'Som instruktør' });
    await expect(section).toBeVisible();

    // The next lesson of all the instructor's courses: one tap to its attendance.
    const next = section.getByRole('link', { name: /^Ta oppmøte/ });
    await expect(next).toBeVisible();
    await expect(next).toHaveAttribute('href', /^\/oppmote\/[0-9a-f]{24}$/);

    const item = section.getByRole('listitem').filter({ hasText: venue });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name: /^Oppmøte/ })).toHaveAttribute('href', `/oppmote/${setup.course._id}`);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'som-instruktor');

    await item.getByRole('button', { name: /^Kursliste/ }).click();
    const list = page.getByRole('dialog', { name: 'Kursliste' });
    if (page.viewportSize()!.width >= 640) await expect(list.getByRole('row')).toHaveCount(1 + setup.children.length);
    else await expect(list.getByRole('list', { name: 'Deltakere' }).getByRole('listitem')).toHaveCount(setup.children.length);
    for (const child of setup.children) await expect(list).toContainText(`${child.firstName} ${child.lastName}`);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    await item.getByRole('link', { name: /^Oppmøte/ }).click();
    await expect(page).toHaveURL(`/oppmote/${setup.course._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Oppmøte' })).toBeVisible();
    for (const child of setup.children) await expect(page.getByRole('main')).toContainText(child.firstName);

    await page.goto('/profil');
    await next.click();
    await expect(page).toHaveURL(/\/oppmote\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Oppmøte' })).toBeVisible();
  });
});
