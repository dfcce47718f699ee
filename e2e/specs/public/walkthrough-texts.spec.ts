import { expectAccessible } from '../../support/auth';
import { expect, test } from '../../support/fixtures';

/**
^ * Walk-through 06.12, finding 7: the demo's terms said a late cancellation is refunded only against a doctor's note,
 * and that missed dates are never replaced, while the generated 'Avbestilling' section says a 25 % fee and closures
 * offer make-up dates. The terms now state one rule, the generated one, and the FAQ points to it.
 */
test('the terms state one cancellation rule, the generated one, and agree with closures and the FAQ', async ({ page }) => {
  await page.goto('/regler-og-betingelser');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Avbestilling', exact: true })).toBeVisible();
  await expect(main).toContainText('trekker vi et gebyr');
  await expect(main).not.toContainText('legeerklæring');
  await expect(main).not.toContainText('Tapte kursdager erstattes ikke');
  await expect(main.getByRole('heading', { name: 'Når vi avlyser' })).toBeVisible();
  await expect(main).toContainText('en erstatningstime på et kurs med ledig plass, pengene for dagen tilbake, eller et tilgodebeløp');
  await expectAccessible(page);

  // The FAQ on the front page points to the same rule.
  await page.goto('/');
  await expect(page.getByRole('main')).not.toContainText('legeerklæring');
});

/** Walk-through 06.12, finding 14: the privacy page speaks in its own words, not the profile's field hints. */
test('the privacy page names each kind of data, and points to where the reading log is', async ({ page }) => {
  await page.goto('/personvern');
  const main = page.getByRole('main');
  await expect(main.getByRole('listitem').filter({ hasText: /^Helseopplysninger leser bare instruktørene/ })).toContainText('under «Helse og kontakt»');
  await expect(main).not.toContainText('du ser loggen her');
  await expect(main).not.toContainText('leser dette');
  await expect(main.getByRole('listitem').filter({ hasText: /^Barnet, med nødkontakt/ })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: /^E-post vi sender deg/ })).toContainText('innholdet slettes så snart e-posten er sendt');
  await expectAccessible(page);
});
