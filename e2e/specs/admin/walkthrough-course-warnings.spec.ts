import { apiAs, mondayDates, setUpCourse, uniqueName, type ApiCourse } from '../../support/admin';
import { allowHttpErrors, expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/** 'YYYY-MM-DD' of the Monday `weeks` weeks before this week's Monday, at 10:00 Oslo time. */
const pastMonday = (weeks: number) => {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day - 7 * weeks, 9));
  return monday.toISOString();
};

test.describe('Course settings that warn (issue 35, item 8; decision 031)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('capacity below the children on the course, and a published course whose dates are all past, ask first; the name follows the age', async ({ page, consoleErrors }, testInfo) => {
    const a = page;
    await login(a, { role: 'admin' }, '/kurs');
    const setup = await setUpCourse(a, { venue: uniqueName('Varselbadet', testInfo.project.name), children: 2, dates: mondayDates(1, 2) });
    await a.goto(`/kurs/${setup.slug}`);
    const row = a.locator(`article[data-course-id="${setup.course._id}"]`);
    await row.getByRole('button', { name: /kl\. 10:00/ }).click();

    // ---- capacity 1 with 2 children on the course: a warning with the numbers, then 'Lagre likevel'
    await row.getByRole('button', { name: 'Endre kurs' }).click();
    const form = a.getByRole('dialog', { name: 'Endre kurs' });
    await form.getByLabel('Maks antall deltakere').fill('1');
    // One source for the age: the months, and the text parents read is made from them (walk-through 06.12, 20).
    await form.getByLabel('Alder fra (mnd)').fill('24');
    await form.getByLabel('Alder til (mnd)').fill('47');
    await expect(form.getByText('Foreldre ser alderen som «2–3 år».')).toBeVisible();
    await form.getByRole('button', { name: 'Lagre' }).click();
    const warning = a.getByRole('alertdialog', { name: 'Lagre likevel?' });
    await expect(warning).toContainText('Kurset har 2 påmeldte barn, men maks antall deltakere er satt til 1.');
    await expectAccessible(a);
    await keepScreenshot(a, testInfo, 'kapasitet-varsel');
    // Cancelled: nothing saved.
    await warning.getByRole('button', { name: 'Avbryt' }).click();
    await expect(warning).toBeHidden();
    let saved = (await apiAs<ApiCourse[]>(a, 'GET', `/courses?pId=${setup.placeId}`)).find((c) => c._id === setup.course._id)!;
    expect((saved as unknown as { maximumParticipants: number }).maximumParticipants).toBe(8);
    await form.getByRole('button', { name: 'Lagre' }).click();
    await warning.getByRole('button', { name: 'Lagre likevel' }).click();
    await expect(a.getByText('Kurset har blitt oppdatert')).toBeVisible();
    saved = (await apiAs<ApiCourse[]>(a, 'GET', `/courses?pId=${setup.placeId}`)).find((c) => c._id === setup.course._id)!;
    expect((saved as unknown as { maximumParticipants: number }).maximumParticipants).toBe(1);
    // The name made from the level and age follows the age (it was 'Nybegynner, 1–2 år').
    expect(saved.name).toBe('Nybegynner, 2–3 år');

    // ---- a published course whose dates have all passed
    const past = await apiAs<ApiCourse>(a, 'POST', '/courses', {
      name: '',
      placeId: setup.placeId,
      dates: [pastMonday(2), pastMonday(1)],
      timeFrom: '12:00',
      timeTo: '12:30',
      experienceLevel: 'Viderekommen',
      participantsAge: '2–4 år',
      ageMinMonths: null,
      ageMaxMonths: null,
      lateBookingMaxPassed: null,
      proRata: true,
      price: 1500,
      maximumParticipants: 6,
      instructors: [],
      info: '',
      published: true,
      confirm: true,
    });
    await a.reload();
    const pastRow = a.locator(`article[data-course-id="${past._id}"]`);
    await pastRow.getByRole('button', { name: /kl\. 12:00/ }).click();
    await pastRow.getByRole('button', { name: 'Endre kurs' }).click();
    await form.getByLabel('Info').fill('Siste kurs før ferien.');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(warning).toContainText(/Alle datoene til kurset er passert \(siste \d\d\.\d\d\.\d{4}\), men kurset er publisert\./);
    await warning.getByRole('button', { name: 'Lagre likevel' }).click();
    await expect(a.getByText('Kurset har blitt oppdatert')).toBeVisible();
    allowHttpErrors(consoleErrors, 409);
  });
});
