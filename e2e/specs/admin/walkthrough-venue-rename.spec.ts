import { adminPage, apiAs, uniqueName } from '../../support/admin';
import { expectAccessible } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

const slugOf = (name: string) => name.trim().toLocaleLowerCase('nb-NO').replace(/\s+/g, '-');
const venueBody = (name: string) => ({ name, address: 'Bassengveien 1', zipCode: '0560', place: 'Oslo', info: '', published: true, image: null });

test.describe("A renamed venue's old address (issue 35, item 10; decision 036)", () => {
  // Two or three logins through the simulator.
  test.describe.configure({ timeout: 180_000 });

  test('answers 301 to the new address, and another venue cannot take the old name', async ({ page, browser, baseURL }, testInfo) => {
    const admin = await adminPage(browser, baseURL, page);
    const oldName = uniqueName('Gamlebadet', testInfo.project.name);
    const newName = oldName.replace('Gamlebadet', 'Nybadet');
    const venue = await apiAs<{ _id: string; slug: string }>(admin.page, 'POST', '/places', venueBody(oldName));

    // The admin renames the venue on its page; the page moves to the new address.
    await admin.page.goto(`/kurs/${encodeURIComponent(venue.slug)}`);
    await admin.page.getByRole('main').getByRole('button', { name: 'Endre sted' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Endre sted' });
    await form.getByRole('textbox', { name: 'Navn' }).fill(newName);
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(form).toBeHidden();
    await expect(admin.page).toHaveURL(`/kurs/${encodeURIComponent(slugOf(newName))}`);

    // The old address, as a search engine or an old bookmark asks for it: 301 to the new one.
    const res = await page.request.get(`/kurs/${encodeURIComponent(venue.slug)}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe(`/kurs/${encodeURIComponent(slugOf(newName))}`);
    // A visitor following it lands on the venue under its new name.
    await page.goto(`/kurs/${encodeURIComponent(venue.slug)}`);
    await expect(page).toHaveURL(`/kurs/${encodeURIComponent(slugOf(newName))}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newName);
    await expectAccessible(page);

    // A new venue with the old name is refused in Norwegian: the old address must keep leading to the renamed one.
    await admin.page.goto(`/kurs/${encodeURIComponent(slugOf(newName))}`);
    const other = await apiAs<{ _id: string; slug: string }>(admin.page, 'POST', '/places', venueBody(uniqueName('Annetbadet', testInfo.project.name)));
    await admin.page.goto(`/kurs/${encodeURIComponent(other.slug)}`);
    await admin.page.getByRole('main').getByRole('button', { name: 'Endre sted' }).click();
    const otherForm = admin.page.getByRole('dialog', { name: 'Endre sted' });
    await otherForm.getByRole('textbox', { name: 'Navn' }).fill(oldName);
    await otherForm.getByRole('button', { name: 'Lagre' }).click();
    await expect(otherForm.getByRole('alert')).toHaveText(
      'Navnet var adressen til et annet kurssted før det fikk nytt navn, og den gamle adressen leder dit. Velg et annet navn.',
    );
    await admin.close();
  });
});
