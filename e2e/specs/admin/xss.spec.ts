import type { Page } from '@playwright/test';
import { login, SESSION_KEY } from '../../support/auth';
import { expect, expectNoA11yViolations, otherBrowser, test } from '../../support/fixtures';

const authHeader = async (page: Page) => {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  return { Authorization: `Bearer ${token}` };
};

/** A payload that would set window.__xss if any part of it ran. */
const payload = (n: number) =>
  `<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n + 1}</script><svg onload="window.__xss=${n + 2}"></svg>` +
  `<a href="javascript:window.__xss=${n + 3}">klikk</a><p onclick="window.__xss=${n + 4}">Trygg tekst</p>` +
  `<iframe src="javascript:window.__xss=${n + 5}"></iframe>`;

test('stored XSS payloads in FAQs and terms render as harmless text for visitors', async ({ page, browser, baseURL }, testInfo) => {
  // Many steps, each with an axe scan, on a shared machine.
  test.setTimeout(180_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const question = `<img src=x onerror="window.__xss=99">Spørsmål ${tag}`;
  const category = `<script>window.__xss=98</script>Kategori ${tag}`;
  await login(page, { role: 'admin' }, '/');
  const headers = await authHeader(page);
  const faq = await page.request.post('/api/faqs', { headers, data: { question, answer: payload(10) } });
  expect(faq.status()).toBe(201);
  const term = await page.request.post('/api/terms-and-conditions', { headers, data: { category, text: payload(20) } });
  expect(term.status()).toBe(201);
  const ids = { faq: ((await faq.json()) as { _id: string })._id, term: ((await term.json()) as { _id: string })._id };

  const context = await otherBrowser(browser, baseURL);
  const visitor = context.page;
  const dialogs: string[] = [];
  visitor.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await visitor.goto('/');
  const item = visitor.locator(`[data-faq-id="${ids.faq}"]`);
  // The question is plain text: the markup shows as characters.
  const summary = item.locator('summary', { hasText: question });
  await expect(summary).toBeVisible();
  await summary.click();
  await expect(item.getByText('Trygg tekst')).toBeVisible();
  const answer = item.locator('[data-faq-answer]');
  await expect(answer.locator('img, script, svg, iframe, [onclick], [onerror], [onload]')).toHaveCount(0);
  await expect(answer.getByText('klikk')).toBeVisible();
  await expect(answer.locator('a')).toHaveCount(0);
  // The question's markup is characters, not elements.
  await expect(item.locator('h3 img')).toHaveCount(0);
  await expectNoA11yViolations(visitor);

  await visitor.goto('/regler-og-betingelser');
  const heading = visitor.getByRole('heading', { name: category });
  await expect(heading).toBeVisible();
  const section = visitor.locator('section', { has: heading });
  await expect(section.getByText('Trygg tekst')).toBeVisible();
  await expect(section.locator('img, script, svg, iframe, a, [onclick], [onerror], [onload]')).toHaveCount(0);

  expect(await visitor.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await context.close();

  // Tidy up.
  expect((await page.request.delete(`/api/faqs/${ids.faq}`, { headers })).status()).toBe(204);
  expect((await page.request.delete(`/api/terms-and-conditions/${ids.term}`, { headers })).status()).toBe(204);
});
