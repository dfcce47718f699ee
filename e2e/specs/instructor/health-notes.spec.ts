import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, loginAs, loginAsNew, newPerson, PERSONS } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
 * Issue 39: a parent gives a health note with consent; the course's instructor sees the mark on the phone and opens
 * the note; another instructor does not get it; the parent sees who read it.
 */
test.describe('Health notes on the pool deck (issue 39)', () => {
  // Four logins through the simulator (parent, admin, the course's instructor, another instructor twice).
  test.describe.configure({ timeout: 240_000 });

  test('a note given with consent reaches only the course’s instructor, and the parent sees the reading', async ({ page, browser, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const parent = newPerson(testInfo, 0, '61');
    await loginAsNew(page, parent, '/profil');
    const [profile] = await apiAs<{ _id: string }[]>(page, 'GET', '/profiles');
    const child = await apiAs<{ _id: string; firstName: string; lastName: string }>(page, 'POST', '/users/children', {
      child: { firstName: 'Nora', lastName: parent.familyName, birthdate: '2025-03-01' },
      profileId: profile!._id,
    });
    const childName = `Nora ${parent.familyName}`;
    const note = 'Astma: inhalatoren ligger i den blå bagen';

    // The parent gives the note: without the consent tick nothing is saved.
    await page.reload();
    await page.getByRole('button', { name: `Helse og kontakt, ${childName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Helse og kontakt, ${childName}` });
    await expect(dialog.getByText('Bare instruktørene på barnets kurs leser dette')).toBeVisible();
    // Read-only until the consent, and the field says why (walk-through 06.12, finding 15).
    const noteField = dialog.getByLabel('Helseopplysninger (allergier, epilepsi, astma …)');
    await expect(noteField).toHaveAttribute('readonly', '');
    await expect(noteField).toHaveAccessibleDescription(/Kryss av for samtykket over for å skrive her/);
    await dialog.getByRole('checkbox', { name: /Jeg samtykker/ }).check();
    await expect(noteField).not.toHaveAttribute('readonly', '');
    await dialog.getByLabel('Helseopplysninger (allergier, epilepsi, astma …)').fill(note);
    await expect(dialog.getByText('Ingen har lest dem ennå.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Opplysningene er lagret')).toBeVisible();

    // The admin puts the child on a course that Marius Strand teaches.
    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Helsebadet', testInfo.project.name), instructor: PERSONS.instructor, dates: mondayDates(0, 1) });
    await apiAs(admin.page, 'POST', `/courses/${setup.course._id}/participants`, { id: child._id });

    // The course's instructor, on the phone: the mark, 'Ikke foto', tap-to-call, and the note on a tap.
    const teacherContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const teacher = await teacherContext.newPage();
    await loginAs(teacher, PERSONS.instructor, '/kurs');
    await teacher.goto(`/oppmote/${setup.course._id}`);
    await expect(teacher.getByRole('heading', { level: 1 })).toHaveText('Oppmøte');
    const row = teacher.getByRole('listitem').filter({ has: teacher.getByRole('button', { name: new RegExp(`^${childName}`) }) });
    await expect(row.getByText('Ikke foto')).toBeVisible();
    await expect(row.getByRole('link', { name: new RegExp(`^Ring ${parent.givenName} ${parent.familyName}`) })).toHaveAttribute('href', /^tel:\+47/);
    await expect(row.getByText(note)).toBeHidden();
    await row.locator('summary').click();
    await expect(row.getByText(note)).toBeVisible();
    await expectAccessible(teacher);
    await teacherContext.close();

    // Another instructor (a new person the admin makes an instructor) gets neither the page nor the note.
    const otherContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const other = await otherContext.newPage();
    const otherPerson = newPerson(testInfo, 1, '61');
    await loginAsNew(other, otherPerson, '/profil');
    const me = await apiAs<{ _id: string }>(other, 'GET', '/users/me');
    await apiAs(admin.page, 'PATCH', `/users/${me._id}`, { roles: ['parent', 'instructor'] });
    await otherContext.close();
    const otherAgainContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const otherAgain = await otherAgainContext.newPage();
    await loginAsNew(otherAgain, otherPerson, '/profil');
    const refused = await otherAgain.request.get(`/api/courses/${setup.course._id}/participants/${child._id}/health-note`, {
      headers: { Authorization: `Bearer ${await otherAgain.evaluate(() => (JSON.parse(localStorage.getItem('plask:session') ?? '{}') as { id_token?: string }).id_token)}` },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain(note);
    await otherAgain.goto(`/oppmote/${setup.course._id}`);
    await expect(otherAgain.getByText(note)).toHaveCount(0);
    await expect(otherAgain.getByRole('heading', { level: 1 })).not.toHaveText('Oppmøte');
    await otherAgainContext.close();
    await admin.close();

    // The parent sees who read the note, and when.
    await page.reload();
    await page.getByRole('button', { name: `Helse og kontakt, ${childName}` }).click();
    const log = page.getByRole('list', { name: 'Lesinger' });
    await expect(log.getByRole('listitem')).toHaveCount(1);
    await expect(log).toContainText(`${PERSONS.instructor} (instruktør) i kurslisten`);
    await expectAccessible(page);
  });
});
