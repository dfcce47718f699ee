import { expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

test.describe('Eksempler (developer examples)', () => {
  test('the index has its cards, and each example page works', async ({ page }, testInfo) => {
    // Six pages, each with an axe scan, on a shared machine.
    test.setTimeout(180_000);
    await login(page, { role: 'admin' }, '/examples');
    const main = page.getByRole('main');
    const cards = main.getByRole('listitem').getByRole('link');
    await expect(cards).toHaveText([/^Modal/, /^Toast/, /^Alert/, /^Multi-select/, /^Group-select/, /^Brukerregistreringer/]);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempler');

    // Modal: opens, closes on Escape and on its button; the locked one ignores a click outside
    await cards.filter({ hasText: 'Modal' }).click();
    await expect(page).toHaveURL(/\/examples\/modal$/);
    await main.getByRole('button', { name: 'Åpne modal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksempel på modal' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-modal');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await main.getByRole('button', { name: 'Åpne modal som ikke lukkes ved klikk utenfor' }).click();
    const locked = page.getByRole('dialog', { name: 'Klikk utenfor lukker ikke' });
    await expect(locked).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(locked).toBeVisible();
    await locked.getByRole('button', { name: 'Lukk', exact: true }).first().click();
    await expect(locked).toBeHidden();

    // Toast: the 2-second one goes by itself; the infinite one stays until closed
    await page.goto('/examples/toast');
    await main.getByRole('button', { name: '2 sekunder' }).click();
    const short = page.getByText('Denne meldingen varer 2 sekunder.');
    await expect(short).toBeVisible();
    await expect(short).toBeHidden({ timeout: 10_000 });
    await main.getByRole('button', { name: 'Uendelig' }).click();
    const forever = page.getByText('Denne meldingen varer uendelig.');
    await expect(forever).toBeVisible();
    for (const label of ['5 sekunder', '10 sekunder', '15 sekunder', 'Suksess', 'Feil', 'Advarsel', 'Info']) {
      await expect(main.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-toast');

    // Multi-select: names up to 2, then '{n} valgt'
    await page.goto('/examples/multi-select');
    const select = main.getByRole('button', { name: /^Velg instruktører/ });
    await expect(select).toHaveText('Marius Strand');
    await select.click();
    await main.getByRole('checkbox', { name: 'Ingrid Berg' }).check();
    await expect(select).toHaveText('Marius Strand, Ingrid Berg');
    await main.getByRole('checkbox', { name: 'Sofie Lunde' }).check();
    await expect(select).toHaveText('3 valgt');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-multi-select');
    await page.keyboard.press('Escape');
    await expect(select).toHaveAttribute('aria-expanded', 'false');
    await expect(select).toBeFocused();

    // Group-select: children grouped by profile, with 'Legg til nytt barn'
    await page.goto('/examples/group-select');
    const children = main.getByRole('combobox', { name: 'Velg barn' });
    await expect(children.locator('optgroup')).toHaveCount(3);
    await expect(children.locator('optgroup').first()).toHaveAttribute('label', 'Profil: Sara Nilsen og Per Nilsen');
    await expect(children.locator('option', { hasText: 'Legg til nytt barn' })).toHaveCount(1);
    await children.selectOption('lina');
    await expect(main.getByText('Valgt: Lina Karimi (1 år)')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-group-select');
  });

  test('the alert page: alert, confirm and prompt answer, and cancel with Escape', async ({ page }, testInfo) => {
    await login(page, { role: 'admin' }, '/examples');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: /^Alert/ }).click();
    await expect(page).toHaveURL(/\/examples\/alert$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Alert' })).toBeVisible();
    const answer = main.getByRole('status');
    await expect(answer).toHaveText('Ingen dialog åpnet ennå.');

    // Alert: one button, 'Greit'
    await main.getByRole('button', { name: 'Vis varsel' }).click();
    const alertBox = page.getByRole('alertdialog', { name: 'Noe gikk galt' });
    await expect(alertBox).toContainText('Du må velge et barn for å kunne bestille kurset');
    await expect(alertBox.getByRole('button')).toHaveText(['Greit']);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-alert');
    await alertBox.getByRole('button', { name: 'Greit' }).click();
    await expect(alertBox).toBeHidden();
    await expect(answer).toHaveText('Varselet ble lukket.');

    // Confirm: Escape cancels, 'Bekreft' confirms
    await main.getByRole('button', { name: 'Vis bekreftelse', exact: true }).click();
    const confirmBox = page.getByRole('alertdialog', { name: 'Lagre endringene?' });
    await expect(confirmBox.getByRole('button')).toHaveText(['Avbryt', 'Bekreft']);
    await page.keyboard.press('Escape');
    await expect(confirmBox).toBeHidden();
    await expect(answer).toHaveText('Avbrutt.');
    await main.getByRole('button', { name: 'Vis bekreftelse', exact: true }).click();
    await confirmBox.getByRole('button', { name: 'Bekreft' }).click();
    await expect(answer).toHaveText('Bekreftet.');
    await expect(confirmBox).toBeHidden();

    // A delete confirm that only its buttons answer (not Escape, not a click outside)
    await main.getByRole('button', { name: 'Vis bekreftelse for sletting' }).click();
    const danger = page.getByRole('alertdialog', { name: 'Slett kurset?' });
    await expect(danger.getByRole('button')).toHaveText(['Behold', 'Slett']);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(danger).toBeVisible();
    await danger.getByRole('button', { name: 'Behold' }).click();
    await expect(answer).toHaveText('Beholdt.');

    // Prompt: a labelled field with its default value; Enter confirms, Escape cancels
    await main.getByRole('button', { name: 'Vis spørsmål', exact: true }).click();
    const promptBox = page.getByRole('alertdialog', { name: 'Hva heter barnet?' });
    const field = promptBox.getByLabel('Fornavn');
    await expect(field).toHaveValue('Lina');
    await expect(field).toHaveAttribute('placeholder', 'For eksempel Lina');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'eksempel-prompt');
    await field.fill('Nora');
    await field.press('Enter');
    await expect(answer).toHaveText('Svar: Nora');
    await expect(promptBox).toBeHidden();
    await main.getByRole('button', { name: 'Vis spørsmål om e-post' }).click();
    const emailBox = page.getByRole('alertdialog', { name: 'Inviter foresatt' });
    await expect(emailBox.getByLabel('E-post')).toHaveAttribute('type', 'email');
    await emailBox.getByLabel('E-post').press('Escape');
    await expect(emailBox).toBeHidden();
    await expect(answer).toHaveText('Avbrutt.');
  });

  test('a parent is not allowed in', async ({ page }) => {
    await login(page, {}, '/examples');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
  });
});
