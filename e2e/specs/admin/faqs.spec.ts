import type { Page } from '@playwright/test';
import { expectAccessible, login } from '../../support/auth';
import { expect, keepScreenshot, test } from '../../support/fixtures';

/**
 * axe on the home page once the view is back at the top: further down, the fixed 'Testmodus' banner can cover the
 * about section's links beside the FAQ, which axe reports as a too-small target (a test-mode artefact).
 */
async function accessibleAtTop(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await expectAccessible(page);
}

/** The questions in the FAQ list, in order. */
const questions = (page: Page) => page.locator('[data-faq-id] h3').allTextContents();

test.describe('FAQ editing (admin)', () => {
  test('an admin adds, edits, reorders and deletes an FAQ', async ({ page }, testInfo) => {
    // Many steps, each with an axe scan, on a shared machine.
    test.setTimeout(180_000);
    // Both projects run at once on the same data: each works on its own question.
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const question = `Får vi ta med leker (${tag})?`;
    await login(page, { role: 'admin' }, '/');
    const faq = page.getByRole('main').locator('section', { has: page.getByRole('heading', { name: 'Ofte stilte spørsmål' }) });

    // Add
    await faq.getByRole('button', { name: 'Legg til spørsmål' }).click();
    const form = faq.getByRole('form', { name: 'Nytt spørsmål' });
    await expect(faq.getByRole('heading', { name: 'Nytt spørsmål' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Avbryt' })).toBeVisible();
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(form.getByText('Skriv inn et spørsmål.')).toBeVisible();
    await form.getByLabel('Spørsmål').fill(question);
    await form
      .getByLabel('Svar')
      .fill('<p>Ja, men ikke glassting.</p><ul><li>Baderinger</li><li>Små baller</li></ul><p>Se <a href="https://example.no/leker">leker</a>.</p>');
    await expect(form.getByText('Forhåndsvisning')).toBeVisible();
    await accessibleAtTop(page);
    await keepScreenshot(page, testInfo, 'faq-nytt');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Spørsmål og svar er lagt til')).toBeVisible();
    const item = faq.locator('[data-faq-id]', { hasText: question });
    await expect(item).toBeVisible();

    // The answer renders as paragraphs, a list and a link
    await item.locator('summary', { hasText: question }).click();
    await expect(item.getByRole('listitem')).toHaveText(['Baderinger', 'Små baller']);
    await expect(item.getByRole('link', { name: 'leker' })).toHaveAttribute('href', 'https://example.no/leker');

    // Edit
    const edited = `Får vi ta med badeleker (${tag})?`;
    await item.getByRole('button', { name: `Rediger: ${question}` }).click();
    const editForm = faq.getByRole('form', { name: `Rediger: ${question}` });
    await expect(editForm.getByLabel('Spørsmål')).toHaveValue(question);
    await editForm.getByLabel('Spørsmål').fill(edited);
    await editForm.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Spørsmål og svar er oppdatert')).toBeVisible();
    const editedItem = faq.locator('[data-faq-id]', { hasText: edited });
    await expect(editedItem).toBeVisible();

    // Reorder: one up, and the order is kept after a reload
    const before = await questions(page);
    const at = before.indexOf(edited);
    expect(at).toBeGreaterThan(0);
    await editedItem.getByRole('button', { name: `Flytt opp: ${edited}` }).click();
    await expect.poll(async () => (await questions(page)).indexOf(edited)).toBe(at - 1);
    const above = before[at - 1]!;
    await page.reload();
    await expect(faq.locator('[data-faq-id]', { hasText: edited })).toBeVisible();
    const after = await questions(page);
    expect(after.indexOf(edited)).toBeLessThan(after.indexOf(above));
    await accessibleAtTop(page);
    await keepScreenshot(page, testInfo, 'faq-admin');

    // Delete
    await faq.locator('[data-faq-id]', { hasText: edited }).getByRole('button', { name: `Rediger: ${edited}` }).click();
    await faq.getByRole('form', { name: `Rediger: ${edited}` }).getByRole('button', { name: 'Slett' }).click();
    // Asked first (issue 35): 'Behold' keeps it, 'Slett' deletes.
    const ask = page.getByRole('alertdialog', { name: 'Slett spørsmålet?' });
    await ask.getByRole('button', { name: 'Behold' }).click();
    await expect(ask).toBeHidden();
    await expect(faq.locator('[data-faq-id]', { hasText: edited })).toHaveCount(1);
    await faq.getByRole('form', { name: `Rediger: ${edited}` }).getByRole('button', { name: 'Slett' }).click();
    await ask.getByRole('button', { name: 'Slett' }).click();
    await expect(page.getByText('Spørsmål og svar er slettet')).toBeVisible();
    await expect(faq.locator('[data-faq-id]', { hasText: edited })).toHaveCount(0);
    await accessibleAtTop(page);
  });

  test('visitors see no editing controls', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('main').locator('section', { has: page.getByRole('heading', { name: 'Ofte stilte spørsmål' }) });
    await expect(faq.locator('[data-faq-id]').first()).toBeVisible();
    await expect(faq.getByRole('button', { name: 'Legg til spørsmål' })).toHaveCount(0);
    await expect(faq.getByRole('button', { name: /^Rediger:/ })).toHaveCount(0);
    await expect(faq.getByRole('button', { name: /^Flytt/ })).toHaveCount(0);
  });
});
