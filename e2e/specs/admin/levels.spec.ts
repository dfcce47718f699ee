import { expectAccessible, login } from '../../support/auth';
import { uniqueName } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

/** /admin/nivaer (decision 057): an admin builds a level with skills, renames, retires and deletes what is unused. */
test("an admin keeps the ladder at 'Nivåer'", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await login(page, { role: 'admin' }, '/admin');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Nivåer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nivåer' })).toBeVisible();

  const name = uniqueName('Nivå', testInfo.project.name);
  const answer = async (title: string, text: string) => {
    const box = page.getByRole('alertdialog', { name: title });
    await box.getByRole('textbox').fill(text);
    await box.getByRole('button', { name: 'Lagre' }).click();
    await expect(box).toBeHidden();
  };
  await main.getByRole('button', { name: 'Nytt nivå' }).click();
  await answer('Nytt nivå', name);
  await expect(page.getByText('Nivået er lagt til')).toBeVisible();
  const level = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });

  await level.getByRole('button', { name: `Ny ferdighet på ${name}` }).click();
  await answer(`Ny ferdighet på ${name}`, 'Flyter på ryggen med støtte');
  await level.getByRole('button', { name: `Ny ferdighet på ${name}` }).click();
  await answer(`Ny ferdighet på ${name}`, 'Dykker med hjelp');
  await expect(level.getByText('Dykker med hjelp')).toBeVisible();
  await expectAccessible(page);

  await level.getByRole('button', { name: 'Endre Dykker med hjelp' }).click();
  await answer('Endre ferdighet', 'Dykker uten hjelp');
  await expect(level.getByText('Dykker uten hjelp')).toBeVisible();
  await level.getByRole('button', { name: 'Ta ut av bruk: Flyter på ryggen med støtte' }).click();
  await expect(level.getByRole('button', { name: 'Ta i bruk: Flyter på ryggen med støtte' })).toBeVisible();

  await level.getByRole('button', { name: 'Slett Dykker uten hjelp' }).click();
  await page.getByRole('alertdialog', { name: 'Slett ferdighet?' }).getByRole('button', { name: 'Slett' }).click();
  await expect(level.getByText('Dykker uten hjelp')).toBeHidden();
  await level.getByRole('button', { name: `Slett ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Slett nivå?' }).getByRole('button', { name: 'Slett' }).click();
  await expect(page.getByText('Nivået er slettet')).toBeVisible();
  await expect(level).toHaveCount(0);
  await expectAccessible(page);
});
