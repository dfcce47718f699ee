import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, login, uniqueLastName } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

test.describe('An admin adds a child to a course by name (issue 35, item 5)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('search children by name, see guardian and age, pick one: the child is on the course', async ({ page, browser, baseURL }, testInfo) => {
    // A family of its own: a guardian and a child with a name nobody else has.
    const lastName = uniqueLastName('Finnesen');
    const person = await login(page, { lastName, children: [{ firstName: 'Sigrid', birthdate: '2024-05-10' }] });

    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Søkebadet', testInfo.project.name), dates: mondayDates(1, 2) });
    const a = admin.page;
    await a.goto(`/kurs/${setup.slug}`);
    const row = a.locator(`article[data-course-id="${setup.course._id}"]`);
    await row.getByRole('button', { name: /kl\. 10:00/ }).click();
    await row.getByRole('button', { name: 'Påmeldte' }).click();
    const list = a.getByRole('dialog', { name: 'Påmeldte' });
    await expect(list.getByText('Ingen påmeldte')).toBeVisible();
    await list.getByRole('button', { name: 'Legg til barn' }).click();
    const add = a.getByRole('dialog', { name: 'Legg til på kurs' });
    // No ids: a search by name.
    await expect(add.getByLabel('Barnets ID')).toHaveCount(0);
    const search = add.getByRole('searchbox', { name: 'Søk etter barn' });
    await search.fill('Si');
    await expect(add.getByText('Skriv minst 3 tegn')).toBeVisible();
    await search.fill(`sigrid ${lastName.slice(0, 9).toLowerCase()}`);
    const hit = add.getByRole('listitem').filter({ hasText: `Sigrid ${lastName}` });
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(`${person.user.firstName} ${person.user.lastName}`);
    await expect(hit).toContainText(/\d+ (år|mnd)/);
    await expectAccessible(a);
    await keepScreenshot(a, testInfo, 'legg-til-pa-kurs');
    await hit.getByRole('button', { name: `Legg til Sigrid ${lastName}` }).click();
    await expect(a.getByText('Brukeren har blitt lagt til i kurset')).toBeVisible();
    await expect(add).toBeHidden();
    await expect(list.getByRole('listitem').filter({ hasText: `Sigrid ${lastName}` })).toBeVisible();

    const after = await apiAs<{ participants: { firstName: string; lastName: string }[] }>(a, 'GET', `/courses/${setup.course._id}/participants`);
    expect(after.participants.map((p) => `${p.firstName} ${p.lastName}`)).toEqual([`Sigrid ${lastName}`]);
    await admin.close();
  });
});
