import { expect, type Browser } from '@playwright/test';
import { login } from './auth';

type KeptMail = { to: string; subject: string; text: string; status: string };

/**
 * Every e-mail the site kept to `to` (no SMTP in the E2E run), in the outbox's order, read as an admin through the API.
 * The outbox worker keeps a queued e-mail a moment after it is written, and the outbox shows a queued one without its
 * text: so this waits until at least `atLeast` e-mails to `to` are there and none of them is still queued.
 */
export async function keptMails(browser: Browser, baseURL: string | undefined, to: string, atLeast = 0): Promise<{ subject: string; text: string }[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // An admin of its own (decision 051), not the demo admin through the simulator.
  const token = (await login(page, { role: 'admin' }, '/')).session.id_token;
  let mails: KeptMail[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/admin/outbox?limit=500', { headers: { Authorization: `Bearer ${token}` } });
        mails = ((await res.json()) as KeptMail[]).filter((m) => m.to === to);
        return mails.length >= atLeast && mails.every((m) => m.status !== 'pending');
      },
      { message: `${atLeast || 'no'} e-mail(s) to ${to}, none of them still queued` },
    )
    .toBe(true);
  await context.close();
  return mails;
}

/** The first e-mail the outbox lists to `to`. */
export async function keptMailTo(browser: Browser, baseURL: string | undefined, to: string): Promise<{ subject: string; text: string }> {
  const [mail] = await keptMails(browser, baseURL, to, 1);
  return mail!;
}
