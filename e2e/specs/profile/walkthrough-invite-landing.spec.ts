import { approveAsNewPerson, expectAccessible, login, newPerson } from '../../support/auth';
import { expect, keepScreenshot, otherBrowser, test } from '../../support/fixtures';
import { keptMailTo } from '../../support/mail';

test.describe('After accepting an invite (issue 35, item 10)', () => {
  // Two or three logins through the simulator.
  test.describe.configure({ timeout: 180_000 });

  test('an invitee whose e-mail Vipps has verified taps Godta and lands on the family they joined', async ({ page, browser, baseURL }, testInfo) => {
    const owner = await login(page);
    const invitee = newPerson(testInfo, 2, '51');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Legg til barn' }).click();
    const child = page.getByRole('dialog', { name: 'Legg til barn' });
    await child.getByLabel('Fornavn').fill('Ingrid');
    await child.getByLabel('Etternavn').fill(owner.user.lastName);
    await child.getByLabel('Fødselsdato').fill('2024-10-10');
    await child.getByRole('button', { name: 'Lagre' }).click();
    await expect(child).toBeHidden();
    await main.getByRole('button', { name: 'Inviter foresatt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter foresatt' });
    await dialog.getByLabel('E-postadresse').fill(invitee.email);
    await dialog.getByRole('button', { name: 'Send invitasjon' }).click();
    await expect(page.getByText('Invitasjon sendt!')).toBeVisible();
    const familyUrl = new URL(page.url()).pathname;

    const mail = await keptMailTo(browser, baseURL, invitee.email);
    const link = /(https?:\/\/\S+\/invitasjon#[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    // The invitee opens the link, logs in through Vipps with the invited address verified there, and taps once.
    const context = await otherBrowser(browser, baseURL, page);
    const second = context.page;
    await second.goto(link!);
    await second.getByRole('main').getByRole('link', { name: 'Logg inn' }).click();
    // Through the simulator's page: the address Vipps verifies at the invitee's first login is this test's point.
    await second.getByRole('button', { name: 'Logg inn med Vipps' }).click();
    await approveAsNewPerson(second, invitee, { emailVerified: true });
    await expect(second).toHaveURL(/\/invitasjon$/);
    const offer = second.getByRole('region', { name: 'Invitasjon til familieprofil' });
    await expect(offer).toContainText(`${owner.user.firstName} ${owner.user.lastName} har invitert deg som foresatt for Ingrid.`);
    await expect(offer).not.toContainText('må bekrefte at det er deg');
    await offer.getByRole('button', { name: 'Godta' }).click();

    // Straight onto the family's profile, with its child: no owner's tap, no choosing among profiles.
    await expect(second.getByText('Invitasjonen er godtatt')).toBeVisible();
    await expect(second).toHaveURL(/\/profil\/[0-9a-f]{24}$/);
    if (familyUrl !== '/profil') expect(new URL(second.url()).pathname).toBe(familyUrl);
    const family = second.getByRole('main');
    await expect(family.getByRole('article', { name: `Ingrid ${owner.user.lastName}` })).toBeVisible();
    await expect(family.getByRole('region', { name: 'Foresatte' })).toContainText(`${invitee.givenName} ${invitee.familyName}`);
    await expectAccessible(second);
    await keepScreenshot(second, testInfo, 'invitasjon-godtatt');
    await context.close();
  });
});
