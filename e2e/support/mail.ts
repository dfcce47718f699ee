import { expect, type Browser } from '@playwright/test';
import { loginAs, PERSONS, SESSION_KEY } from './auth';

/** The e-mails the site kept (no SMTP in the E2E run), read as an admin through the API. */
export async function keptMailTo(browser: Browser, baseURL: string | undefined, to: string): Promise<{ subject: string; text: string }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, PERSONS.admin, '/');
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  const res = await page.request.get('/api/admin/outbox?limit=500', { headers: { Authorization: `Bearer ${token}` } });
  const mails = (await res.json()) as { to: string; subject: string; text: string }[];
  await context.close();
  const mail = mails.find((m) => m.to === to);
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  return mail!;
}
