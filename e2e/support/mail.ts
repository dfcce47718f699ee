import { expect, type Browser } from '@playwright/test';
import { loginAs, PERSONS, SESSION_KEY } from './auth';

/** Every e-mail the site kept to `to` (no SMTP in the E2E run), in the outbox's order, read as an admin through the API. */
export async function keptMails(browser: Browser, baseURL: string | undefined, to: string): Promise<{ subject: string; text: string }[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, PERSONS.admin, '/');
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  const res = await page.request.get('/api/admin/outbox?limit=500', { headers: { Authorization: `Bearer ${token}` } });
  const mails = (await res.json()) as { to: string; subject: string; text: string }[];
  await context.close();
  return mails.filter((m) => m.to === to);
}

/** The first e-mail the outbox lists to `to`. */
export async function keptMailTo(browser: Browser, baseURL: string | undefined, to: string): Promise<{ subject: string; text: string }> {
  const [mail] = await keptMails(browser, baseURL, to);
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  return mail!;
}
