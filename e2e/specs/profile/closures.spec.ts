import { adminPage, apiAs, instructorPage, mondayDates, mondayKey, setUpCourse, uniqueName } from '../../support/admin';
import { expectAccessible, login } from '../../support/auth';
import { expect, test } from '../../support/fixtures';
import { keptMails } from '../../support/mail';

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
const norwegian = (key: string) => key.split('-').reverse().join('.');
/** The display name of setUpCourse's courses on Mondays (walk-through 8): level, age, weekday and time. */
const SHOWN = 'Nybegynner · 1–2 år · mandager kl. 10:00';

/** When plans change (issue 38): the pool closes for a day; the family picks a make-up date; the instructor sees both. */
test.describe('Bassenget er stengt', () => {
  test.describe.configure({ timeout: 300_000 });

  test('an admin closes a pool for a date; a parent picks a make-up date; the instructor’s list shows both changes', async ({ page, browser, baseURL }, testInfo) => {
    const person = await login(page, { children: [{ firstName: 'Sjøfrid', birthdate: '2025-03-10' }] });
    const me = person.user;
    const child = person.children[0]!;

    // Two courses at one venue, both taught by an instructor of the test's own: the family's (weeks 8 and 9) and a
    // make-up one (week 10).
    const admin = await adminPage(browser, baseURL, page);
    const instructor = await instructorPage(browser, baseURL, page);
    const venue = uniqueName('c38 Stengtbadet', testInfo.project.name);
    const own = await setUpCourse(admin.page, { venue, instructor: instructor.name, dates: mondayDates(8, 9) });
    const other = await setUpCourse(admin.page, { venue, instructor: instructor.name, dates: mondayDates(10), at: { _id: own.placeId, slug: own.slug } });

    const started = await apiAs<{ redirectUrl: string }>(page, 'POST', '/vipps/payment', { userId: me._id, childId: child._id, courseId: own.course._id });
    await page.goto(started.redirectUrl);
    await page.getByRole('button', { name: 'Betal' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });

    // ---- the admin cancels the second Monday by mistake, and takes it back with 'Angre' (issue 53): nothing is sent
    const a = admin.page;
    await a.goto('/admin');
    await a.getByRole('navigation', { name: 'Adminsider' }).getByRole('link', { name: 'Avlys kursdager' }).click();
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Avlys kursdager');
    await a.getByLabel('Kurssted').selectOption({ label: venue });
    await a.getByLabel('Kurs og dato').selectOption(`${own.course._id}|${mondayDates(9)[0]}`);
    await a.getByLabel('Grunn (familiene ser den)').fill('Feil dato');
    await a.getByRole('button', { name: 'Avlys kursdagen' }).click();
    const sure = a.getByRole('alertdialog');
    // The course by its display name, then the date: its time said once.
    await expect(sure.getByRole('heading')).toHaveText(`Avlyse ${SHOWN} · ${norwegian(mondayKey(9))}?`);
    await expect(sure).toContainText('1 familie får e-post om 10 minutter. Du kan angre til da.');
    await sure.getByRole('button', { name: 'Avlys' }).click();
    await expect(a.getByRole('status').filter({ hasText: 'Avlyst:' })).toHaveText(/^Avlyst: 1 kursdag\. 1 familie får e-post kl\. \d\d:\d\d\.$/);
    await expect(a.getByLabel('Grunn (familiene ser den)')).toHaveValue('');
    const overview = a.getByRole('region', { name: 'Avlyste kursdager' });
    const mistake = overview.getByRole('listitem').filter({ hasText: venue }).filter({ hasText: 'Feil dato' });
    await expect(mistake).toContainText('E-post sendes kl.');
    await expect(mistake.getByText(`${SHOWN} · ${venue}`)).toBeVisible();
    await expect(mistake.getByText(`${norwegian(mondayKey(9))}: Feil dato`)).toBeVisible();
    await expectAccessible(a);
    await mistake.getByRole('button', { name: /^Angre/ }).click();
    await expect(mistake).toHaveCount(0);
    expect((await keptMails(browser, baseURL, person.user.email!)).filter((m) => m.subject.startsWith('Avlyst:'))).toEqual([]);

    // ---- the admin closes the pool on the first Monday: a second look, then 'Send e-post nå'
    await a.getByLabel('Kurssted').selectOption({ label: venue });
    await a.getByRole('button', { name: 'Avlys alle kurs denne dagen' }).click();
    await expect(a.getByRole('alert')).toHaveText('Velg en dato');
    await a.getByLabel('Dato', { exact: true }).fill(mondayKey(8));
    await a.getByLabel('Grunn (familiene ser den)').fill('Bassenget er stengt for svømmestevne');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Avlys alle kurs denne dagen' }).click();
    await expect(sure).toContainText(/^Avlyse 1 kurs \d\d\.\d\d\.\d{4}\?/);
    await expect(sure.getByRole('listitem')).toHaveText([SHOWN]);
    await expect(sure).toContainText('1 familie får e-post om 10 minutter. Du kan angre til da.');
    await expectAccessible(a);
    await sure.getByRole('button', { name: 'Avlys' }).click();
    await expect(a.getByRole('status').filter({ hasText: 'Avlyst:' })).toHaveText(/^Avlyst: 1 kursdag\. 1 familie får e-post kl\. \d\d:\d\d\.$/);
    const closed = overview.getByRole('listitem').filter({ hasText: venue }).filter({ hasText: 'Bassenget er stengt for svømmestevne' });
    await closed.getByRole('button', { name: /^Send e-post nå/ }).click();
    await expect(closed).toContainText('Familiene har fått e-post');
    await expect(closed).toContainText('Ikke valgt ennå: 1');
    await expectAccessible(a);

    // ---- the parent: the notice on /profil, one tap for a make-up date
    await page.goto('/profil');
    const notice = page.getByRole('region', { name: 'Endringer i kursene – velg hva dere vil ha' });
    const card = notice.getByTestId('date-choice').filter({ hasText: 'Sjøfrid' });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Sjøfrid: ${SHOWN} · ${norwegian(mondayKey(8))} er avlyst`);
    await expect(card).toContainText('Grunn: Bassenget er stengt for svømmestevne');
    await expect(card.getByRole('button', { name: 'Pengene tilbake (975 kr)' })).toBeVisible();
    await expectAccessible(page);
    const options = card.getByLabel('Erstatningstime').locator('option');
    const makeupValue = `${other.course._id}|${mondayDates(10)[0]}`;
    await expect(options.filter({ hasText: venue })).toHaveText([`${norwegian(mondayKey(10))} · ${SHOWN} · ${venue}`]);
    await card.getByLabel('Erstatningstime').selectOption(makeupValue);
    await card.getByRole('button', { name: 'Velg erstatningstime' }).click();
    const settled = page.getByRole('region', { name: 'Endringer i kursene', exact: true }).getByTestId('date-choice').filter({ hasText: 'Sjøfrid' });
    await expect(settled.getByRole('status')).toContainText('Valgt: Erstatningstime');
    await expectAccessible(page);

    // ---- the instructor: 'Avlyst' on the family's course, the make-up child on the other
    const i = instructor.page;
    await i.goto(`/oppmote/${own.course._id}`);
    await expect(i.getByTestId('course-changes')).toContainText('Avlyst');
    await expect(i.getByTestId('course-changes')).toContainText('Bassenget er stengt for svømmestevne');
    await expectAccessible(i);
    await i.goto(`/oppmote/${other.course._id}`);
    const changes = i.getByTestId('course-changes');
    await expect(changes).toContainText('Erstatningstimer');
    await expect(changes).toContainText(`Sjøfrid ${person.user.lastName}`);
    await expectAccessible(i);
    await instructor.close();
    await admin.close();
  });
});
