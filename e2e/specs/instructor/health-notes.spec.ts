import { adminPage, apiAs, mondayDates, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, login, uniqueLastName } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
 * Issue 39: a parent gives a health note with consent; the course's instructor sees the mark on the phone and opens
 * the note; another instructor does not get it; the parent sees who read it.
 */
test.describe('Health notes on the pool deck (issue 39)', () => {
  // Four browsers (parent, admin, the course's instructor, another instructor).
  test.describe.configure({ timeout: 240_000 });

  test('a note given with consent reaches only the course’s instructor, and the parent sees the reading', async ({ page, browser, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const parent = await login(page, { children: [{ firstName: 'Nora', birthdate: '2025-03-01' }] });
    const child = parent.children[0]!;
    const childName = `Nora ${parent.user.lastName}`;
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

    // The admin puts the child on a course that an instructor of the test's own teaches (setUpCourse matches by name).
    const teacherContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const teacher = await teacherContext.newPage();
    const instructor = (await login(teacher, { role: 'instructor', lastName: uniqueLastName('Strand') }, '/kurs')).user;
    const instructorName = `${instructor.firstName} ${instructor.lastName}`;
    const admin = await adminPage(browser, baseURL, page);
    const setup = await setUpCourse(admin.page, { venue: uniqueName('Helsebadet', testInfo.project.name), instructor: instructorName, dates: mondayDates(0, 1) });
    await apiAs(admin.page, 'POST', `/courses/${setup.course._id}/participants`, { id: child._id });

    // The course's instructor, on the phone: the mark, 'Ikke foto', tap-to-call, and the note on a tap.
    await teacher.goto(`/oppmote/${setup.course._id}`);
    await expect(teacher.getByRole('heading', { level: 1 })).toHaveText('Oppmøte');
    const row = teacher.getByRole('listitem').filter({ has: teacher.getByRole('button', { name: new RegExp(`^${childName}`) }) });
    await expect(row.getByText('Ikke foto')).toBeVisible();
    await expect(row.getByRole('link', { name: new RegExp(`^Ring ${parent.user.firstName} ${parent.user.lastName}`) })).toHaveAttribute('href', /^tel:\+47/);
    await expect(row.getByText(note)).toBeHidden();
    await row.locator('summary').click();
    await expect(row.getByText(note)).toBeVisible();
    await expectAccessible(teacher);
    await teacherContext.close();

    // Another instructor (not on this course) gets neither the page nor the note.
    const otherAgainContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const otherAgain = await otherAgainContext.newPage();
    await login(otherAgain, { role: 'instructor' }, '/profil');
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
    await expect(log).toContainText(`${instructorName} (instruktør) i kurslisten`);
    await expectAccessible(page);
  });
});
