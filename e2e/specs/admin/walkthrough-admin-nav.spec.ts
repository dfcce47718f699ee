import { login, openMenuIfCollapsed } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

test.describe('The admin area from the header (issue 35, item 6; decision 030)', () => {
  test('an admin reaches the dashboard from the header, at any width', async ({ page }) => {
    await login(page, { role: 'admin' }, '/kurs');
    const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
    // On a phone the links are in the menu; on a desktop they are in the header itself.
    await openMenuIfCollapsed(page);
    const dashboard = nav.getByRole('link', { name: 'Dashbord', exact: true });
    await expect(dashboard).toBeVisible();
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashbord' })).toBeVisible();
    await openMenuIfCollapsed(page);
    await expect(dashboard).toHaveAttribute('aria-current', 'page');
  });

  test('a parent sees no admin links', async ({ page }) => {
    const parent = (await login(page, {}, '/kurs')).user;
    await openMenuIfCollapsed(page);
    const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
    await expect(nav.getByRole('link', { name: parent.firstName })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashbord' })).toHaveCount(0);
  });
});
