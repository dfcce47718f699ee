import { allowHttpErrors, expectAccessible, fullName, login, makePerson, startSession, uniqueLastName } from '../../support/auth';
import { adminPage, apiAs, mondayDates, mondayKey, setUpCourse, uniqueName, venueBody, type ApiCourse } from '../../support/admin';
import { expect, keepScreenshot, otherBrowser, test } from '../../support/fixtures';

const row = (page: import('@playwright/test').Page, courseId: string) => page.locator(`article[data-course-id="${courseId}"]`);

test.describe('Admin: venues, courses and participants', () => {
  // Each test makes its own people and sets up its own venue.
  test.describe.configure({ timeout: 120_000 });

  test('an admin creates a venue and a ten-date course; a parent then sees it and books it', async ({ page, browser, baseURL }, testInfo) => {
    const venue = uniqueName('Testbadet', testInfo.project.name);
    // An instructor of the test's own for the course, and a family whose Lina (15 months) books it.
    const instructor = fullName(await makePerson(page.request, { role: 'instructor', lastName: uniqueLastName('Strand') }));
    const born = new Date();
    born.setUTCMonth(born.getUTCMonth() - 15, 1);
    const family = await makePerson(page.request, { lastName: uniqueLastName('Karimi'), children: [{ firstName: 'Lina', birthdate: born.toISOString().slice(0, 10) }] });
    const lina = `Lina ${family.user.lastName}`;
    // The admin starts on a venue page of the test's own (where 'Nytt sted' is), not a demo venue's.
    await login(page, { role: 'admin' }, '/kurs');
    const start = await apiAs<{ slug: string }>(page, 'POST', '/places', venueBody(uniqueName('Startbadet', testInfo.project.name)));
    await page.goto(`/kurs/${start.slug}`);
    const main = page.getByRole('main');

    // ---- the venue
    await main.getByRole('button', { name: 'Nytt sted' }).click();
    const placeDialog = page.getByRole('dialog', { name: 'Legg til sted' });
    await expect(placeDialog).toBeVisible();
    await placeDialog.getByLabel('Navn', { exact: true }).fill(venue);
    await placeDialog.getByLabel('Adresse').fill('Bassengveien 3');
    await placeDialog.getByLabel('Postnr.').fill('123');
    await placeDialog.getByLabel('Sted', { exact: true }).fill('Oslo');
    await placeDialog.getByLabel('Info').fill('Parkering bak hallen.');
    await placeDialog.getByText('Nordstrand bad', { exact: true }).click();
    await expect(placeDialog.getByRole('radio', { name: 'Nordstrand bad' })).toBeChecked();
    await placeDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(placeDialog.getByText('Postnummer må være fire siffer')).toBeVisible();
    await expect(placeDialog.getByLabel('Postnr.')).toHaveAttribute('aria-invalid', 'true');
    await expect(placeDialog.getByLabel('Postnr.')).toHaveAttribute('maxlength', '4');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'nytt-sted');
    await placeDialog.getByLabel('Postnr.').fill('0560');
    await placeDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Stedet har blitt opprettet')).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Babysvømming ${venue}, Oslo`);
    await expect(main.getByRole('img', { name: `Illustrasjon av ${venue}` })).toHaveAttribute('src', '/images/places/nordstrand-bad.svg');

    // ---- the course: ten Mondays, typed into the picker
    await main.getByRole('button', { name: 'Klikk her for å legge til nytt kurs' }).click();
    const courseDialog = page.getByRole('dialog', { name: 'Nytt kurs' });
    await expect(courseDialog).toBeVisible();
    await expect(courseDialog.getByLabel('Tid fra')).toHaveValue('07:00');
    await expect(courseDialog.getByLabel('Tid til')).toHaveValue('07:30');
    await expect(courseDialog.getByLabel('Kurstype').locator('option[value=""]')).toBeDisabled();
    await courseDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(courseDialog.getByText('Velg minst én dato')).toBeVisible();
    await expectAccessible(page);

    await courseDialog.getByLabel('Kurstype').selectOption('Nybegynner');
    // Lina (15 months) books it below: an age range that fits her.
    await courseDialog.getByLabel('Alder fra (mnd)').fill('12');
    await courseDialog.getByLabel('Alder til (mnd)').fill('35');
    await courseDialog.getByLabel('Tid fra').fill('10:15');
    await expect(courseDialog.getByLabel('Tid til')).toHaveValue('10:45');
    await courseDialog.getByLabel('Pris (kr)').fill('1990');
    await courseDialog.getByLabel('Maks antall deltakere').fill('6');
    await courseDialog.getByRole('button', { name: /^Instruktører/ }).click();
    await courseDialog.getByRole('checkbox', { name: instructor }).check();
    await expect(courseDialog.getByRole('button', { name: /^Instruktører/ })).toContainText(instructor);
    await courseDialog.getByRole('button', { name: /^Instruktører/ }).click();
    const days = Array.from({ length: 10 }, (_, i) => mondayKey(i));
    const typed = courseDialog.getByLabel('Skriv inn dato (ÅÅÅÅ-MM-DD)');
    for (const [i, day] of days.entries()) {
      await typed.fill(day);
      // Added after the 700 ms typing timeout.
      await expect(courseDialog.getByText(`${i + 1} ${i === 0 ? 'dato' : 'datoer'} valgt`)).toBeVisible();
    }
    await courseDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(courseDialog.getByText('Prisen må være i steg på 25 kr')).toBeVisible();
    await courseDialog.getByLabel('Pris (kr)').fill('1975');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'nytt-kurs');
    await courseDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Kurset har blitt opprettet')).toBeVisible();
    await expect(courseDialog).toBeHidden();
    const article = main.locator('article[data-course-id]');
    await expect(article).toHaveCount(1);
    await expect(article).toContainText('Mandager kl. 10:15–10:45');
    await expect(article).toContainText('10 ganger');
    const courseId = (await article.getAttribute('data-course-id'))!;
    await article.getByRole('button', { name: /Mandager kl/ }).click();
    await expect(article).toContainText(courseId);
    await expect(article).toContainText(instructor);

    // ---- a parent finds and books it
    const slug = venue.toLowerCase().replace(/\s+/g, '-');
    const parent = await otherBrowser(browser, baseURL, page);
    const parentPage = parent.page;
    await startSession(parentPage, family, `/kurs/${slug}`);
    const parentRow = row(parentPage, courseId);
    await expect(parentRow).toContainText('6 ledige plasser');
    await parentRow.getByRole('button', { name: 'Bestill' }).click();
    const booking = parentPage.getByRole('dialog', { name: 'Kursoversikt' });
    const select = booking.getByLabel('Velg barn');
    await select.selectOption((await select.locator('option', { hasText: lina }).getAttribute('value'))!);
    await booking.getByRole('button', { name: 'Betal' }).click();
    await expect(parentPage.getByRole('heading', { name: 'Vipps (testmodus)' })).toBeVisible();
    await parentPage.getByRole('button', { name: 'Betal' }).click();
    await expect(parentPage.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Takk for bestillingen!', { timeout: 20_000 });
    await parent.close();

    // The admin sees the child on the course.
    await page.reload();
    await row(page, courseId).getByRole('button', { name: /Mandager kl/ }).click();
    await expect(row(page, courseId).getByRole('link', { name: lina })).toHaveAttribute('href', /^\/profil\/[0-9a-f]{24}$/);
    await expect(row(page, courseId)).toContainText('5 ledige plasser');
  });

  test('an admin moves a participant between two courses', async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const venue = uniqueName('Flyttebadet', testInfo.project.name);
    const dates = mondayDates(1, 2);
    const from = await setUpCourse(admin.page, { venue, children: 2, dates });
    const to = await apiAs<ApiCourse>(admin.page, 'POST', '/courses', {
      name: 'Til-kurset',
      placeId: from.placeId,
      dates: [mondayKey(3), mondayKey(4)].map((d) => `${d}T10:00:00.000Z`),
      timeFrom: '11:00',
      timeTo: '11:30',
      experienceLevel: 'Viderekommen',
      participantsAge: '2–3 år',
      // Decision 012's fields: no age bounds, late booking by the default rule, pro rata.
      ageMinMonths: null,
      ageMaxMonths: null,
      lateBookingMaxPassed: null,
      proRata: true,
      price: 2000,
      maximumParticipants: 1,
      instructors: [],
      info: '',
      published: true,
    });
    await admin.close();
    const [first, second] = from.children as [(typeof from.children)[0], (typeof from.children)[0]];
    const name = (c: typeof first) => `${c.firstName} ${c.lastName}`;

    await login(page, { role: 'admin' }, `/kurs/${from.slug}`);
    const source = row(page, from.course._id);
    await source.getByRole('button', { name: /kl\. 10:00/ }).click();
    await source.getByRole('button', { name: 'Påmeldte' }).click();
    const list = page.getByRole('dialog', { name: 'Påmeldte' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'pameldte');

    await list.getByRole('button', { name: `Flytt ${name(first)}` }).click();
    const move = page.getByRole('dialog', { name: 'Flytt til kurs' });
    await move.getByLabel(`Flytt ${name(first)} til`).selectOption(to._id);
    await expectAccessible(page);
    await move.getByRole('button', { name: 'Flytt' }).click();
    await expect(page.getByText('Brukeren har blitt flyttet til kurset')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).not.toContainText(name(first));

    // The target has one place, now taken: the second move is refused until the admin overrides explicitly.
    await list.getByRole('button', { name: `Flytt ${name(second)}` }).click();
    await move.getByLabel(`Flytt ${name(second)} til`).selectOption(to._id);
    await move.getByRole('button', { name: 'Flytt' }).click();
    await expect(move.getByRole('alert')).toHaveText('Kurset er dessverre fullt.');
    await move.getByRole('checkbox', { name: /Kurset er fullt/ }).check();
    await expectAccessible(page);
    await move.getByRole('button', { name: 'Flytt' }).click();
    await expect(list.getByText('Ingen påmeldte')).toBeVisible();
    allowHttpErrors(consoleErrors, 409);

    const after = await apiAs<{ participants: { _id: string; capacityOverride: boolean }[] }>(page, 'GET', `/courses/${to._id}/participants`);
    expect(after.participants.map((p) => p._id).sort()).toEqual([first._id, second._id].sort());
    expect(after.participants.find((p) => p._id === second._id)!.capacityOverride).toBe(true);
    const before = await apiAs<{ participants: unknown[] }>(page, 'GET', `/courses/${from.course._id}/participants`);
    expect(before.participants).toEqual([]);
  });
});
