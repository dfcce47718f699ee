import type { Page } from '@playwright/test';
import { apiAs } from '../../support/admin';
import { allowHttpErrors, expectAccessible, login, makePerson, uniqueLastName } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * The users page (issue 14): an admin finds a user, changes their roles, and deletes a user after a confirmation,
 * with spec §8's toasts. Each test makes the people it changes (decision 051): never a person another test uses.
 */

interface Hit {
  type: 'parent' | 'child';
  _id: string;
  firstName: string;
  lastName: string;
  roles?: string[];
}

async function search(page: Page, text: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Søk etter brukere').fill(text);
  await expect(main.getByRole('status')).toHaveText(/^Fant \d+ brukere?\b/);
}

test.describe('Brukere: roller og sletting', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin finds a user and gives them, then takes away, the instructor role; their own admin role is locked', async ({ page }, testInfo) => {
    // An admin of the test's own, with a name no one else has: their own card is found by it below.
    const me = (await login(page, { role: 'admin', lastName: uniqueLastName('Adminsen') }, '/admin/brukere')).user;
    // A plain parent of the test's own: a role change ends their sessions, so never someone another test uses.
    const made = (await makePerson(page.request, { lastName: uniqueLastName('Rollesen') })).user;
    const target: Hit = { type: 'parent', _id: made._id, firstName: made.firstName, lastName: made.lastName };
    const main = page.getByRole('main');
    const fullName = `${target.firstName} ${target.lastName}`;

    await search(page, fullName.toLowerCase());
    const card = main.locator(`article[data-user-id="${target._id}"]`);
    await expect(card.getByRole('link', { name: fullName })).toHaveAttribute('href', /^\/profil\/[0-9a-f]{24}$/);
    const roles = card.getByRole('group', { name: `Roller for ${fullName}` });
    const save = card.getByRole('button', { name: 'Lagre roller' });
    await expect(roles.getByLabel('Instruktør')).not.toBeChecked();
    await expect(save).toBeDisabled();
    await expectAccessible(page);

    await roles.getByLabel('Instruktør').check();
    await expect(save).toBeEnabled();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'brukere-roller');
    await save.click();
    await expect(page.getByText('Brukerroller har blitt oppdatert')).toBeVisible();
    await expect(card.locator('p').first()).toHaveText('Forelder, Instruktør');
    await expect(roles.getByLabel('Instruktør')).toBeChecked();
    await expect(save).toBeDisabled();
    expect((await apiAs<{ users: Hit[] }>(page, 'GET', `/search/users?name=${encodeURIComponent(fullName)}&categories=parents`)).users.find((u) => u._id === target._id)?.roles).toEqual([
      'parent',
      'instructor',
    ]);
    // The instructor list (public) has them now.
    expect((await apiAs<{ id: string }[]>(page, 'GET', '/users/instructors')).map((i) => i.id)).toContain(target._id);
    await expectAccessible(page);

    // The first toast has gone (5 s) before the second change, so the one seen next is the second's.
    await expect(page.getByText('Brukerroller har blitt oppdatert')).toHaveCount(0, { timeout: 10_000 });
    await roles.getByLabel('Instruktør').uncheck();
    await save.click();
    await expect(page.getByText('Brukerroller har blitt oppdatert')).toBeVisible();
    await expect(card.locator('p').first()).toHaveText('Forelder');
    expect((await apiAs<{ id: string }[]>(page, 'GET', '/users/instructors')).map((i) => i.id)).not.toContain(target._id);

    // The admin's own card: the admin role cannot be taken away here, and there is no delete button.
    await search(page, me.lastName.toLowerCase());
    const own = main.locator(`article[data-user-id="${me._id}"]`);
    await expect(own).toContainText(`${me.firstName} ${me.lastName}`);
    await expect(own.getByLabel('Administrator')).toBeChecked();
    await expect(own.getByLabel('Administrator')).toBeDisabled();
    await expect(own.getByText('Du kan ikke fjerne administratorrollen fra deg selv.')).toBeVisible();
    await expect(own.getByRole('button', { name: /Slett bruker/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an admin deletes a user after a confirmation; cancelling keeps them', async ({ page, consoleErrors }, testInfo) => {
    // A user of this test's own: a demo guardian's children may be on courses other specs use at the same time.
    const person = (await makePerson(page.request, { lastName: uniqueLastName('Slettesen') })).user;
    await login(page, { role: 'admin' }, '/admin/brukere');
    const fullName = `${person.firstName} ${person.lastName}`;
    const found = await apiAs<{ users: Hit[] }>(page, 'GET', `/search/users?name=${encodeURIComponent(fullName)}&categories=parents`);
    const target = found.users.find((u) => u.type === 'parent' && `${u.firstName} ${u.lastName}` === fullName)!;
    expect(target, 'the new user is found').toBeTruthy();
    const main = page.getByRole('main');

    await search(page, fullName);
    const card = main.locator(`article[data-user-id="${target._id}"]`);
    await card.getByRole('button', { name: `Slett bruker ${fullName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Slett bruker' });
    await expect(dialog).toContainText(`${fullName} slettes og logges ut overalt. Dette kan ikke angres.`);
    // The family is fetched first: what happens to the children is said before the admin confirms.
    await expect(dialog.getByText('Henter familien …')).toHaveCount(0);
    await expect(dialog).toContainText('Ordrene beholdes for regnskapet, men navnene fjernes.');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'brukere-slett-bekreft');

    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Slett bruker ${fullName}` }).click();
    await page.getByRole('alertdialog', { name: 'Slett bruker' }).getByRole('button', { name: 'Ja, slett brukeren' }).click();
    await expect(page.getByText('Brukeren har blitt slettet')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(card).toHaveCount(0);
    // The search runs again; when no one else has that name it is the spec's 404 'Fant ingen brukere'.
    await expect(main.getByRole('status')).toHaveText(/^Fant (ingen|\d+) brukere?\b/);
    allowHttpErrors(consoleErrors, 404);
    const left = await apiAs<{ users: Hit[] }>(page, 'GET', '/search/users?name=*&categories=parents');
    expect(left.users.map((u) => u._id)).not.toContain(target._id);
    await expectAccessible(page);
  });
});
