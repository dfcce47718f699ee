import { expect, type Browser, type Page } from '@playwright/test';
import { login, makePerson, SESSION_KEY, uniqueLastName, type TestPerson } from './auth';
import { otherBrowser } from './fixtures';

export interface ApiCourse {
  _id: string;
  name: string;
  dates: string[];
  freePlaces: number;
  participants?: { _id: string; firstName: string; lastName: string }[];
}

/** The session token the web stored after login (the API's Authorization header). */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token, SESSION_KEY);
  expect(token, 'a stored session').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** Calls the API as the user logged in on `page`; fails the test on a non-2xx answer. */
export async function apiAs<T>(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${path}`, { method, data, headers: await bearer(page) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A second browser (same viewport) logged in as an admin, for setting up data through the API. */
export async function adminPage(browser: Browser, baseURL: string | undefined, like: Page): Promise<{ page: Page; close(): Promise<void> }> {
  const admin = await otherBrowser(browser, baseURL, like);
  // An admin of the test's own (decision 052): no login through the simulator, no session shared with other tests.
  await login(admin.page, { role: 'admin' }, '/kurs');
  return admin;
}

/**
 * A second browser logged in as an instructor of the test's own (decision 051), who has no courses until the test sets
 * one up for them: pass `name` to setUpCourse's `instructor` (it matches by full name, so the family name is unique).
 */
export async function instructorPage(
  browser: Browser,
  baseURL: string | undefined,
  like: Page,
  path = '/profil',
): Promise<{ page: Page; name: string; close(): Promise<void> }> {
  const instructor = await otherBrowser(browser, baseURL, like);
  const person = await login(instructor.page, { role: 'instructor', lastName: uniqueLastName('Strand') }, path);
  return { ...instructor, name: `${person.user.firstName} ${person.user.lastName}` };
}

/** 'YYYY-MM-DD' of the Monday `weeks` weeks after next Monday (Oslo calendar). */
export function mondayKey(weeks: number, now = new Date()): string {
  const oslo = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Oslo' }));
  const daysToMonday = ((8 - oslo.getDay()) % 7) || 7;
  const day = new Date(Date.UTC(oslo.getFullYear(), oslo.getMonth(), oslo.getDate() + daysToMonday + 7 * weeks));
  return day.toISOString().slice(0, 10);
}

/** A unique venue for one test run and project (the two projects share the demo database). */
export const uniqueName = (prefix: string, project: string) => `${prefix} ${project} ${Math.random().toString(36).slice(2, 7)}`;

/** Mondays `weeks` weeks after next Monday, at 10:00 Oslo time in winter: a course's dates as the API takes them. */
export const mondayDates = (...weeks: number[]) => weeks.map((w) => `${mondayKey(w)}T09:00:00.000Z`);

/** A level of the test's own with its skills (decision 057), through the admin's API; its id and the skills' ids. */
export async function setUpLevel(admin: Page, name: string, skills: string[]): Promise<{ id: string; skillIds: string[] }> {
  const ladder = await apiAs<{ _id: string; name: string }[]>(admin, 'POST', '/levels', { name });
  const id = ladder.find((l) => l.name === name)!._id;
  let after: { _id: string; skills: { _id: string }[] }[] = [];
  for (const description of skills) after = await apiAs(admin, 'POST', `/levels/${id}/skills`, { description });
  return { id, skillIds: after.find((l) => l._id === id)!.skills.map((s) => s._id) };
}

/** A new venue's body for `POST /places`: published, in Oslo, with a demo picture. */
export const venueBody = (name: string, address = 'Testveien 2') => ({
  name,
  address,
  zipCode: '0560',
  place: 'Oslo',
  info: '',
  published: true,
  image: 'nordstrand-bad',
});

/**
 * A course's body for `POST /courses`: 'Nybegynner' on Mondays 10:00–10:30, 1 950 kr, 8 places, no instructors;
 * decision 012's fields as the form leaves them: no age bounds, late booking by the default rule, pro rata.
 */
export const courseBody = (placeId: string, dates: string[], overrides: Record<string, unknown> = {}) => ({
  name: '',
  placeId,
  dates,
  timeFrom: '10:00',
  timeTo: '10:30',
  experienceLevel: 'Nybegynner',
  participantsAge: '1–2 år',
  ageMinMonths: null,
  ageMaxMonths: null,
  lateBookingMaxPassed: null,
  proRata: true,
  price: 1950,
  maximumParticipants: 8,
  instructors: [] as string[],
  info: '',
  published: true,
  ...overrides,
});

/** First names for the children setUpCourse makes, each in a family of its own (none with 'fi': see uniqueLastName). */
const CHILD_NAMES = ['Nora', 'Emil', 'Tiril', 'Jakob', 'Ella', 'Noah', 'Maja', 'Oskar'];

/**
 * Creates a venue and a course there through the API as the admin, optionally taught by the named instructor and
 * with `children` children on it, each of a new family of the test's own (no demo data: issue 54). Returns the ids
 * and the children put on it.
 */
export async function setUpCourse(
  admin: Page,
  options: { venue: string; instructor?: string; children?: number; dates: string[]; maximumParticipants?: number; levelId?: string; at?: { _id: string; slug: string } },
): Promise<{ placeId: string; slug: string; course: ApiCourse; children: { _id: string; firstName: string; lastName: string }[] }> {
  // `at`: a venue made before (a second course there); else a new venue named `venue`.
  const place = options.at ?? (await apiAs<{ _id: string; slug: string }>(admin, 'POST', '/places', venueBody(options.venue)));
  const instructors = options.instructor
    ? (await apiAs<{ id: string; name: string }[]>(admin, 'GET', '/users/instructors')).filter((i) => i.name === options.instructor).map((i) => i.id)
    : [];
  const course = await apiAs<ApiCourse>(admin, 'POST', '/courses', {
    ...courseBody(place._id, options.dates, { maximumParticipants: options.maximumParticipants ?? 8, instructors, levelId: options.levelId ?? null }),
    // A test may set up a course whose dates have passed: the admin's 'Lagre likevel' (decision 031).
    confirm: true,
  });
  const children: { _id: string; firstName: string; lastName: string }[] = [];
  for (let i = 0; i < (options.children ?? 0); i += 1) {
    // A family each (as on a real course), with a child of about a year and a half: no age bounds to meet.
    const family = await makePerson(admin.request, {
      lastName: uniqueLastName('Kursesen'),
      children: [{ firstName: CHILD_NAMES[i % CHILD_NAMES.length]!, birthdate: monthsAgo(18 + i) }],
    });
    const child = family.children[0]!;
    children.push({ _id: child._id, firstName: child.firstName, lastName: child.lastName });
    await apiAs(admin, 'POST', `/courses/${course._id}/participants`, { id: child._id });
  }
  return { placeId: place._id, slug: place.slug, course, children };
}

/** 'YYYY-MM-DD' `months` months before today. */
function monthsAgo(months: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15)).toISOString().slice(0, 10);
}

/**
 * A family of the test's own like the demo's Nilsens: Jakob on a course that has ended and on an upcoming one, Emma
 * (a baby) on an upcoming one. Courses set up by an admin of the test's own; nobody logged in yet.
 */
export async function familyOnCourses(page: Page, browser: Browser, baseURL: string | undefined, project: string): Promise<TestPerson> {
  const person = await makePerson(page.request, {
    lastName: uniqueLastName('Nilsen'),
    children: [{ firstName: 'Jakob', birthdate: '2023-06-02' }, { firstName: 'Emma', birthdate: '2026-03-14' }],
  });
  const [jakob, emma] = person.children;
  const admin = await adminPage(browser, baseURL, page);
  const ended = await setUpCourse(admin.page, { venue: uniqueName('Historikkbadet', project), dates: mondayDates(-12, -11, -10) });
  const upcoming = await setUpCourse(admin.page, { venue: uniqueName('Profilbadet', project), dates: mondayDates(2, 3, 4) });
  for (const [course, child] of [[ended, jakob], [upcoming, jakob], [upcoming, emma]] as const) {
    await apiAs(admin.page, 'POST', `/courses/${course.course._id}/participants`, { id: child!._id });
  }
  await admin.close();
  return person;
}
