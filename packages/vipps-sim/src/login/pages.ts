import { listOf, type DemoPerson } from '@app/shared';
import { AUTHORIZE_PATH, LOGIN_REDIRECT_ERRORS, STYLES_PATH } from './paths';
import { formatPhone } from './persons';

/** Every value that reaches the HTML goes through this. */
export const esc = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SCOPE_LABELS: Record<string, string> = {
  name: 'navn',
  phoneNumber: 'telefonnummer',
  address: 'adresse',
  birthDate: 'fødselsdato',
  email: 'e-postadresse',
  nin: 'fødselsnummer',
};

const ERROR_LABELS: Record<string, string> = {
  access_denied: 'brukeren avbrøt',
  server_error: 'feil hos Vipps',
  login_required: 'innlogging i appen kreves',
  invalid_app_callback_uri: 'ugyldig app_callback_uri',
  app_callback_uri_not_registered: 'app_callback_uri er ikke registrert',
  outdated_app_version: 'utdatert app',
  wrong_challenge: 'feil svar på sikkerhetsspørsmål',
  unknown_reject_reason: 'ukjent årsak',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} – Vipps (testmodus)</title>
<link rel="stylesheet" href="${STYLES_PATH}">
</head>
<body>
<header class="top">
<p class="brand"><span class="logo">vipps</span> <span class="brand-mode">Vipps (testmodus)</span></p>
<p class="notice"><strong>Testmodus:</strong> dette er en simulator av Vipps Login. Ingen ekte innlogging skjer, og ingen ekte personopplysninger brukes.</p>
</header>
<main id="innhold">
${body}
</main>
<footer class="foot"><p>Vipps-simulator for utvikling og testing. Ikke tilknyttet Vipps MobilePay.</p></footer>
</body>
</html>`;
}

export interface AuthorizeFormValues {
  person: string;
  phone: string;
  givenName: string;
  familyName: string;
  /** «Annen testperson»: Vipps says the made-up address is verified (userinfo email_verified). */
  emailVerified: boolean;
  simulate: string;
}
export interface FormError {
  field: 'person-custom' | 'phone' | 'given_name' | 'family_name';
  message: string;
}

export function authorizePage(input: {
  requestId: string;
  clientName: string;
  scope: string[];
  persons: DemoPerson[];
  values?: AuthorizeFormValues;
  errors?: FormError[];
}): string {
  const values = input.values ?? { person: input.persons[0]?.sub ?? 'custom', phone: '', givenName: '', familyName: '', emailVerified: false, simulate: '' };
  const errors = input.errors ?? [];
  const errorFor = (field: FormError['field']) => errors.find((e) => e.field === field);
  const asked = input.scope.map((s) => SCOPE_LABELS[s]).filter((s): s is string => Boolean(s));

  const summary = errors.length
    ? `<div class="error-summary" role="alert" aria-labelledby="feil-tittel" tabindex="-1">
<h2 id="feil-tittel">Rett opp dette før du fortsetter</h2>
<ul>${errors.map((e) => `<li><a href="#${e.field}">${esc(e.message)}</a></li>`).join('')}</ul>
</div>`
    : '';

  const radio = (id: string, value: string, label: string, meta: string) => `<div class="option">
<input type="radio" id="${id}" name="person" value="${esc(value)}"${values.person === value ? ' checked' : ''}>
<label for="${id}"><span class="option-name">${esc(label)}</span> <span class="option-meta">${esc(meta)}</span></label>
</div>`;

  const field = (id: FormError['field'], name: string, label: string, value: string, extra: string) => {
    const err = errorFor(id);
    return `<div class="field">
<label for="${id}">${esc(label)}</label>
${err ? `<p class="field-error" id="${id}-feil">${esc(err.message)}</p>` : ''}
<input id="${id}" name="${name}" value="${esc(value)}" ${extra}${err ? ` aria-invalid="true" aria-describedby="${id}-feil"` : ''}>
</div>`;
  };

  const customErr = errorFor('person-custom');
  const options = LOGIN_REDIRECT_ERRORS.map(
    (code) => `<option value="${code}"${values.simulate === code ? ' selected' : ''}>${code} (${esc(ERROR_LABELS[code] ?? code)})</option>`,
  ).join('');
  const tokenOption = (value: string, label: string) =>
    `<option value="${value}"${values.simulate === value ? ' selected' : ''}>${esc(label)}</option>`;

  return layout(
    'Logg inn',
    `<h1>Logg inn på ${esc(input.clientName)}</h1>
<p class="lead">${
      asked.length
        ? `${esc(input.clientName)} ber om tilgang til ${esc(listOf(asked))}.`
        : `${esc(input.clientName)} ber om å bekrefte hvem du er.`
    }</p>
${summary}
<form method="post" action="${AUTHORIZE_PATH}" class="card">
<input type="hidden" name="request_id" value="${esc(input.requestId)}">
<fieldset>
<legend>Velg testperson</legend>
${input.persons.map((p, i) => radio(`person-${i}`, p.sub, `${p.givenName} ${p.familyName}`, `${formatPhone(p.phoneNumber)} · ${p.description}`)).join('\n')}
${customErr ? `<p class="field-error" id="person-custom-feil">${esc(customErr.message)}</p>` : ''}
<div class="option">
<input type="radio" id="person-custom" name="person" value="custom"${values.person === 'custom' ? ' checked' : ''}${customErr ? ' aria-invalid="true" aria-describedby="person-custom-feil"' : ''}>
<label for="person-custom"><span class="option-name">Annen testperson</span> <span class="option-meta">fyll ut feltene under</span></label>
</div>
</fieldset>
<fieldset>
<legend>Annen testperson</legend>
<p class="hint">Brukes bare når «Annen testperson» er valgt. Åtte siffer regnes som norsk nummer.</p>
${field('phone', 'phone', 'Mobilnummer', values.phone, 'type="tel" inputmode="tel" autocomplete="off"')}
${field('given_name', 'given_name', 'Fornavn', values.givenName, 'type="text" autocomplete="off"')}
${field('family_name', 'family_name', 'Etternavn', values.familyName, 'type="text" autocomplete="off"')}
<div class="option">
<input type="checkbox" id="email_verified" name="email_verified" value="1"${values.emailVerified ? ' checked' : ''}>
<label for="email_verified"><span class="option-name">E-postadressen er bekreftet hos Vipps</span> <span class="option-meta">userinfo sier email_verified: true</span></label>
</div>
</fieldset>
<div class="field">
<label for="simulate">Simuler feil</label>
<p class="hint" id="simulate-hint">For testing: velg en feil for å få den tilbake i stedet for en vanlig innlogging.</p>
<select id="simulate" name="simulate" aria-describedby="simulate-hint">
<option value=""${values.simulate === '' ? ' selected' : ''}>Ingen feil (vanlig innlogging)</option>
<optgroup label="Feil i retur til nettstedet">${options}</optgroup>
<optgroup label="Feil i token-svaret">
${tokenOption('token:wrong_nonce', 'ID-token med feil nonce')}
${tokenOption('token:foreign_key', 'ID-token signert med feil nøkkel')}
</optgroup>
</select>
</div>
<div class="actions">
<button type="submit" name="action" value="approve" class="button primary">Godkjenn</button>
<button type="submit" name="action" value="cancel" class="button secondary">Avbryt</button>
</div>
</form>`,
  );
}

/** Shown instead of a redirect when the redirect target cannot be trusted (unknown client, unregistered URI). */
export function errorPage(title: string, message: string, details: string[] = []): string {
  return layout(
    title,
    `<h1>${esc(title)}</h1>
<p class="lead">${esc(message)}</p>
${details.length ? `<ul class="details">${details.map((d) => `<li><code>${esc(d)}</code></li>`).join('')}</ul>` : ''}
<p>Du kan lukke denne siden og gå tilbake til nettstedet.</p>`,
  );
}


/** Contrast ≥ 4.5:1 for all text, targets ≥ 44 px, visible focus; Vipps orange only as decoration. */
export const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;background:#f6f4f1;line-height:1.5}
body{margin:0}
.top{background:#fff;border-bottom:4px solid #ff5b24;padding:0.75rem 1rem}
.brand{margin:0;display:flex;align-items:center;gap:0.5rem;font-weight:700}
.logo{display:inline-block;background:#c2410c;color:#fff;border-radius:0.5rem;padding:0.1rem 0.6rem;font-size:1.25rem;letter-spacing:0.02em}
.notice{margin:0.5rem 0 0;background:#fff4ce;border:1px solid #8a6d00;border-radius:0.375rem;padding:0.5rem 0.75rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 2rem}
h1{font-size:1.6rem;margin:0 0 0.5rem}
.lead{margin:0 0 1.25rem}
.card{background:#fff;border:1px solid #d6d3cf;border-radius:0.75rem;padding:1rem 1.25rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}
legend{font-weight:700;font-size:1.1rem;margin-bottom:0.5rem;padding:0}
.option{display:flex;align-items:flex-start;gap:0.75rem;padding:0.5rem 0;border-bottom:1px solid #ece9e5}
.option input{width:1.5rem;height:1.5rem;margin:0.1rem 0 0;flex:none;accent-color:#c2410c}
.option label{flex:1;min-height:1.5rem;cursor:pointer}
.option-name{font-weight:600}
.option-meta{display:block;color:#595959;font-size:0.95rem}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:0.25rem}
.hint{color:#595959;margin:0 0 0.5rem;font-size:0.95rem}
input[type=tel],input[type=text],select{width:100%;min-height:2.75rem;font:inherit;color:#1f1f1f;background:#fff;border:1px solid #6b6b6b;border-radius:0.375rem;padding:0.4rem 0.6rem}
input[aria-invalid=true],select[aria-invalid=true]{border:2px solid #b3261e}
.field-error{color:#b3261e;font-weight:600;margin:0 0 0.25rem}
.error-summary{border:2px solid #b3261e;background:#fff;border-radius:0.5rem;padding:0.75rem 1rem;margin:0 0 1rem}
.error-summary h2{font-size:1.1rem;margin:0 0 0.25rem}
.error-summary a{color:#b3261e;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:0.75rem;margin-top:1rem}
.button{min-height:2.75rem;min-width:8rem;font:inherit;font-weight:700;border-radius:999px;padding:0.5rem 1.5rem;cursor:pointer}
.primary{background:#c2410c;color:#fff;border:2px solid #c2410c}
.primary:hover{background:#9a3412;border-color:#9a3412}
.secondary{background:#fff;color:#1f1f1f;border:2px solid #595959}
.secondary:hover{background:#f1efec}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.details{padding-left:1.25rem}
code{word-break:break-all}
.foot{text-align:center;color:#595959;font-size:0.9rem;padding:1rem}
`;
