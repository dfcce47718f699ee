import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

/** The demo persons the Vipps simulator lists (packages/shared/src/demo-persons.ts). */
export const PERSONS = {
  admin: 'Ingrid Admin-Berg',
  instructor: 'Marius Strand',
  parent: 'Sara Nilsen',
  parentOneChild: 'Ahmed Karimi',
  parentNoChildren: 'Kari Hansen',
} as const;

/** Where the web stores the session (apps/web/src/lib/session.ts). */
export const SESSION_KEY = 'plask:session';

/** Opens the mobile menu when it is collapsed (phone project), so nav links are clickable. */
export async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Meny' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** On the simulator's login page: picks the test person, optionally a simulated error, and submits. */
export async function approveInSimulator(page: Page, person: string, simulate = ''): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /Logg inn på/ })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${person}`) }).check();
  if (simulate) await page.getByLabel('Simuler feil').selectOption(simulate);
  await page.getByRole('button', { name: 'Godkjenn' }).click();
}

/** From the current page: nav 'Logg inn' → /login → 'Logg inn med Vipps' → the simulator. */
export async function startLoginFromNav(page: Page): Promise<void> {
  // The first visit shows a fallback frame until the lazy route has loaded; its menu is replaced then.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Logg inn', exact: true }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByRole('button', { name: 'Logg inn med Vipps' }).click();
}

/**
 * Waits until no toast is fading in or out: axe measures colour contrast mid-fade as if it were the final colour.
 * (The progress bar keeps running; it is decorative.)
 */
export async function waitForToastsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // Typed by hand: this project's TypeScript has no DOM library.
    type Anim = { animationName?: string; playState: string };
    const doc = (globalThis as unknown as { document: { getAnimations(): Anim[] } }).document;
    return doc
      .getAnimations()
      .every((a) => !a.animationName?.startsWith('toast-') || a.animationName === 'toast-progress' || a.playState !== 'running');
  });
}

/**
 * Logs in as `person` through the real flow (web → Vipps simulator → login return) starting at `path`, and waits
 * until the browser is back on `path` with the login toast.
 */
export async function loginAs(page: Page, person: string, path = '/'): Promise<void> {
  await page.goto(path);
  await startLoginFromNav(page);
  await approveInSimulator(page, person);
  await expect(page.getByText('Du har blitt logget inn')).toBeVisible();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === encodeURI(path) || url.pathname === encodeURI(path));
  await waitForToastsToSettle(page);
}

/**
 * The fixture fails a test on any console error; Chromium logs every 4xx answer as one. A test that provokes an
 * expected 4xx removes exactly those lines (by status) before the fixture checks.
 */
export function allowHttpErrors(consoleErrors: string[], ...statuses: number[]): void {
  const expected = (line: string) =>
    statuses.some((status) => line.includes(`Failed to load resource: the server responded with a status of ${status}`));
  const kept = consoleErrors.filter((line) => !expected(line));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

/** expectNoA11yViolations once toasts have finished fading (see waitForToastsToSettle). */
export async function expectAccessible(page: Page): Promise<void> {
  await waitForToastsToSettle(page);
  await expectNoA11yViolations(page);
}

/**
 * A new person per test, project and retry (a retry must not meet the first attempt's family): an 8-digit Norwegian
 * number (`prefix` keeps specs apart), and names that make a unique e-mail address. For tests that end sessions or
 * change the family: a demo person would be shared with tests running at the same time.
 */
export function newPerson(testInfo: TestInfo, slot: number, prefix = '48') {
  const p = testInfo.project.name === 'phone' ? 1 : 2;
  const familyName = `${testInfo.project.name === 'phone' ? 'Telefonsen' : 'Skjermsen'}${['', 'Aas', 'Berg', 'Dahl'][testInfo.retry] ?? 'Eik'}`;
  const givenName = ['Tone', 'Per', 'Lise', 'Ola', 'Rita', 'Geir'][slot]!;
  return {
    phone: `${prefix}${p}${slot}${testInfo.retry % 10}${String(321 + slot).padStart(3, '0')}`,
    givenName,
    familyName,
    email: `${givenName}.${familyName}@example.no`.toLowerCase(),
  };
}
export type Person = ReturnType<typeof newPerson>;

/**
 * On the simulator's login page: 'Annen testperson' with the person's number and names. `emailVerified`: Vipps says
 * the person's address (person.email) is verified, as a real invitee's often is.
 */
export async function approveAsNewPerson(page: Page, person: Person, options: { emailVerified?: boolean } = {}): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /Logg inn på/ })).toBeVisible();
  await page.getByRole('radio', { name: /^Annen testperson/ }).check();
  await page.getByLabel('Mobilnummer').fill(person.phone);
  await page.getByLabel('Fornavn').fill(person.givenName);
  await page.getByLabel('Etternavn').fill(person.familyName);
  if (options.emailVerified) await page.getByRole('checkbox', { name: 'E-postadressen er bekreftet hos Vipps' }).check();
  await page.getByRole('button', { name: 'Godkjenn' }).click();
  await expect(page.getByText('Du har blitt logget inn')).toBeVisible({ timeout: 20_000 });
  await waitForToastsToSettle(page);
}

export async function loginAsNew(page: Page, person: Person, path = '/profil'): Promise<void> {
  await page.goto(path);
  await startLoginFromNav(page);
  await approveAsNewPerson(page, person);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * A family name no other test uses (letters only): for a test that finds its person by name, or sets up a course for
 * an instructor of its own (setUpCourse matches the instructor by full name).
 */
export function uniqueLastName(prefix: string): string {
  // No 'f': a PDF's text gives 'fi', 'fl' and 'ff' back as ligatures ('So fi e'), and tests read names in printed lists.
  const alphabet = 'abcdeghijklmnopqrstuvwxyz';
  const letters = Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  return `${prefix}${letters}`;
}

/** What POST /api/test/people answers (apps/server/src/features/test-people): a new person and their session. */
export interface TestPerson {
  user: { _id: string; firstName: string; lastName: string; email: string | null; phone: string | null };
  profileId: string;
  children: { _id: string; firstName: string; lastName: string; birthdate: string }[];
  session: { id_token: string; access_token: string; token_type: string; expires_in: number };
}

type TestPersonOptions = { role?: 'parent' | 'instructor' | 'admin'; lastName?: string; children?: { firstName: string; birthdate: string }[] };

/** A new person of the test's own (see login), not logged in anywhere: someone for an admin to find, change or delete. */
export async function makePerson(request: APIRequestContext, options: TestPersonOptions = {}): Promise<TestPerson> {
  const res = await request.post('/api/test/people', { data: options });
  expect(res.ok(), `POST /api/test/people: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as TestPerson;
}

/**
 * A new person of the test's own (a family with the given children, or an instructor or an admin) logged in on
 * `page`, which then opens `path`: the way in for every spec but the login spec, which goes through the simulator's
 * page (issue 54, decision 052). The session is stored as the login return stores it (apps/web/src/lib/session.ts).
 */
export async function login(page: Page, options: TestPersonOptions = {}, path = '/profil'): Promise<TestPerson> {
  const person = await makePerson(page.request, options);
  await startSession(page, person, path);
  return person;
}

/** `${firstName} ${lastName}`: how the instructor list (and so setUpCourse) names a person. */
export const fullName = (person: TestPerson) => `${person.user.firstName} ${person.user.lastName}`;

/**
 * Logs a person made before (makePerson) in on `page`, which then opens `path`: for a test that sets something up for
 * them (an instructor's course) before they come in.
 */
export async function startSession(page: Page, person: TestPerson, path = '/profil'): Promise<void> {
  const exp = (JSON.parse(Buffer.from(person.session.id_token.split('.')[1]!, 'base64url').toString()) as { exp?: number }).exp;
  const stored = {
    id_token: person.session.id_token,
    access_token: person.session.access_token,
    token_type: person.session.token_type,
    expires_at: Date.now() + person.session.expires_in * 1000,
    id_expires_at: exp ? exp * 1000 : null,
  };
  // Stored before the site's first script runs, once per tab (a later logout stays a logout).
  await page.addInitScript(
    ([key, value, marker]) => {
      try {
        if (sessionStorage.getItem(marker!)) return;
        sessionStorage.setItem(marker!, '1');
        localStorage.setItem(key!, value!);
      } catch {
        // about:blank and other documents without storage
      }
    },
    [SESSION_KEY, JSON.stringify(stored), `e2e-login:${person.user._id}`],
  );
  await page.goto(path);
}
