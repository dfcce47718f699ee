import { createHash } from 'node:crypto';
import { esc as escapeHtml } from '../login/pages';
import type { Payment } from './payments';

const kroner = (ore: number) => new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' }).format(ore / 100);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f1ee;color:#1d1d1f;line-height:1.5}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem}
.badge{display:inline-block;margin:0 0 1rem;padding:.25rem .75rem;border-radius:1rem;background:#fff3cd;color:#5c4400;font-weight:600}
h1{margin:0 0 1rem;font-size:1.5rem}
dl{margin:0 0 1.5rem}
dt{font-weight:600}
dd{margin:0 0 .75rem}
.amount{font-size:1.75rem;font-weight:700}
.actions{display:flex;gap:1rem;flex-wrap:wrap}
.actions form{flex:1 1 10rem}
button{width:100%;min-height:3rem;padding:.75rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;cursor:pointer;border:2px solid #1d1d1f;background:#fff;color:#1d1d1f}
button.primary{background:#ff5b24;border-color:#ff5b24;color:#1d1d1f}
button:focus-visible,a:focus-visible{outline:3px solid #0b57d0;outline-offset:3px}
a{color:#0b57d0}
`;

/** Strict CSP: no scripts at all; the one inline style block is allowed by its hash. */
export const LANDING_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Testmodus: ingen ekte penger trekkes</p>
${body}
</main>
</body>
</html>
`;
}

const STATE_TEXT: Record<Payment['state'], string> = {
  CREATED: 'venter på deg',
  AUTHORIZED: 'godkjent',
  ABORTED: 'avbrutt',
  EXPIRED: 'utløpt',
  TERMINATED: 'avbrutt av butikken',
};

/** The fake Vipps landing page: amount, description, and two plain POST forms. */
export function landingPageHtml(payment: Payment): string {
  const ref = encodeURIComponent(payment.reference);
  const details = `<dl>
<dt>Beløp</dt><dd class="amount">${escapeHtml(kroner(payment.amount.value))}</dd>
${payment.paymentDescription ? `<dt>Beskrivelse</dt><dd>${escapeHtml(payment.paymentDescription)}</dd>` : ''}
<dt>Referanse</dt><dd>${escapeHtml(payment.reference)}</dd>
</dl>`;
  if (payment.state !== 'CREATED') {
    return page(
      'Vipps (testmodus)',
      `<h1>Vipps (testmodus)</h1>
${details}
<p role="status">Denne betalingen er ${STATE_TEXT[payment.state]}.</p>
<p><a href="${escapeHtml(payment.returnUrl)}">Tilbake til butikken</a></p>`,
    );
  }
  // Relative actions resolve to /epayment-landing/<ref>/approve|abort, whatever prefix the simulator is mounted under.
  return page(
    `Betal ${kroner(payment.amount.value)} – Vipps (testmodus)`,
    `<h1>Vipps (testmodus)</h1>
${details}
<div class="actions">
<form method="post" action="${ref}/approve"><button type="submit" class="primary">Betal</button></form>
<form method="post" action="${ref}/abort"><button type="submit">Avbryt</button></form>
</div>`,
  );
}

export function notFoundHtml(): string {
  return page(
    'Fant ikke betalingen – Vipps (testmodus)',
    `<h1>Vipps (testmodus)</h1>
<p role="alert">Fant ikke betalingen. Gå tilbake til butikken og prøv igjen.</p>`,
  );
}
