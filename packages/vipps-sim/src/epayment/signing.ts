import { createHash, createHmac } from 'node:crypto';

/** Vipps' webhook headers (brief §3): HMAC keyed by the secret's UTF-8, over the *registered* URL's path, query and host. */
export function signWebhookRequest(input: { secret: string; url: string; body: string; date: string }): {
  'x-ms-date': string;
  'x-ms-content-sha256': string;
  authorization: string;
} {
  const url = new URL(input.url);
  const hash = createHash('sha256').update(input.body, 'utf8').digest('base64');
  const toSign = `POST\n${url.pathname}${url.search}\n${input.date};${url.host};${hash}`;
  const signature = createHmac('sha256', Buffer.from(input.secret, 'utf8')).update(toSign, 'utf8').digest('base64');
  return {
    'x-ms-date': input.date,
    'x-ms-content-sha256': hash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}
