/**
 * Drives the simulator's login page over HTTP the way a browser without JavaScript would: GET the authorize page,
 * POST its form, and return where Vipps would send the browser. For integration tests of a client.
 */
export interface AuthorizeChoice {
  /** A demo person's `sub`, or 'custom' with phone and names. */
  person: string;
  phone?: string;
  givenName?: string;
  familyName?: string;
  /** '' | a redirect error code | 'token:wrong_nonce' | 'token:foreign_key' */
  simulate?: string;
  action?: 'approve' | 'cancel';
}

export async function completeAuthorization(loginUrl: string, choice: AuthorizeChoice): Promise<URL> {
  const page = await fetch(loginUrl, { redirect: 'manual' });
  if (page.status >= 300 && page.status < 400) return new URL(page.headers.get('location') ?? '');
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${html.slice(0, 300)}`);
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!requestId || !action) throw new Error('no login form on the authorize page');
  const form = new URLSearchParams({
    request_id: requestId,
    person: choice.person,
    phone: choice.phone ?? '',
    given_name: choice.givenName ?? '',
    family_name: choice.familyName ?? '',
    simulate: choice.simulate ?? '',
    action: choice.action ?? 'approve',
  });
  const res = await fetch(new URL(action, loginUrl), { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`login form answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return new URL(location);
}
