import { expect, type Browser } from '@playwright/test';
import { login } from './auth';

/** Every e-mail the site kept to `to` (no SMTP in the E2E run), in the outbox's order, read as an admin through the API. */
export async function keptMails(browser: Browser, baseURL: string | undefined, to: string): Promise<{ subject: string; text: string }[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // An admin of its own (decision 051), not the demo admin through the simulator.
  const token = (await login(page, { role: 'admin' }, '/')).session.id_token;
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
