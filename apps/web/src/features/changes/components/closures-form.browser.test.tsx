import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { CancelledDates, ClosureOverviewItem } from '@shared/api';
import { expectNoAxeViolations } from '@/test/axe';
import { ClosuresForm } from './closures-form';
import { ClosuresOverview } from './closures-overview';

/** Walk-through 06.12, finding 4 (issue 53): a closure is previewed and confirmed; only future dates; the overview. */
const NOW = new Date('2027-02-01T12:00:00.000Z');
const places = [{ _id: 'p'.repeat(24), name: 'Sagene Basseng' }];
const courses = [
  { _id: 'c'.repeat(24), name: 'Babysvømming 2', experienceLevel: 'Nybegynner', participantsAge: '2–4 år', timeFrom: '10:00', dates: ['2027-01-25T09:00:00.000Z', '2027-02-08T09:00:00.000Z'] },
];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const answer = (preview: boolean, announceAt: string): CancelledDates => ({
  preview,
  families: 20,
  announceAt,
  // The server names each course by its display name (courseDisplayName): level, age, weekday and time.
  cancelled: [1, 2, 3, 4].map((i) => ({
    _id: preview ? '' : `${i}`.repeat(24),
    courseId: `${i}`.repeat(24),
    courseName: `Nybegynner · ${i}–${i + 1} år · mandager kl. 10:00`,
    date: '2027-02-08T09:00:00.000Z',
    reason: 'Svømmestevne',
    placeClosure: true,
  })),
});

afterEach(() => vi.restoreAllMocks());

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ClosuresForm places={places} courses={courses} placeId={places[0]!._id} onPlaceChange={() => undefined} now={NOW} />
    </QueryClientProvider>,
  );

describe('ClosuresForm', () => {
  it("'Kurs og dato' offers only future dates, each course by its display name", async () => {
    const screen = await renderForm();
    const options = [...screen.container.querySelectorAll('select')[1]!.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toContain('Nybegynner · 2–4 år · mandager kl. 10:00 · 08.02.2027');
    expect(options.some((o) => o?.includes('Babysvømming 2'))).toBe(false);
    expect(options.some((o) => o?.includes('08.02.2027'))).toBe(true);
    expect(options.some((o) => o?.includes('25.01.2027'))).toBe(false);
  });

  it('membership event "pool closed for a day": the server\'s preview is confirmed first; then the form is cleared and the status says when the e-mails go', async () => {
    const inTen = new Date(Date.now() + 10 * 60_000 + 20_000).toISOString();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { preview?: boolean };
      return json(answer(body.preview === true, inTen));
    });
    const screen = await renderForm();
    await page.getByLabelText('Grunn (familiene ser den)').fill('Svømmestevne');
    await page.getByLabelText('Dato', { exact: true }).fill('2027-02-08');
    await page.getByRole('button', { name: 'Avlys alle kurs denne dagen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Avlyse 4 kurs 08.02.2027?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(page.getByText('20 familier får e-post om 10 minutter. Du kan angre til da.')).toBeVisible();
    // Each course by its display name, which says the time: no second 'kl. 10:00'.
    await expect.element(dialog.getByText('Nybegynner · 1–2 år · mandager kl. 10:00', { exact: true })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Avlys' }).click();
    await expect.element(page.getByText(/^Avlyst: 4 kursdager\. 20 familier får e-post kl\. \d\d:\d\d\.$/)).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ day: '2027-02-08', reason: 'Svømmestevne' });
    await expect.element(page.getByLabelText('Grunn (familiene ser den)')).toHaveValue('');
    await expect.element(page.getByLabelText('Dato', { exact: true })).toHaveValue('');
    await expectNoAxeViolations(screen.container);
  });

  it("'Avlys kursdagen' asks about the course by its display name and the date, the time said once", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      const one = answer(true, new Date(Date.now() + 10 * 60_000 + 20_000).toISOString());
      return json({ ...one, families: 1, cancelled: [{ ...one.cancelled[0]!, courseId: courses[0]!._id, courseName: 'Nybegynner · 2–4 år · mandager kl. 10:00', placeClosure: false }] });
    });
    await renderForm();
    await page.getByLabelText('Grunn (familiene ser den)').fill('Svømmestevne');
    await page.getByLabelText('Kurs og dato').selectOptions(`${courses[0]!._id}|2027-02-08T09:00:00.000Z`);
    await page.getByRole('button', { name: 'Avlys kursdagen' }).click();
    await expect.element(page.getByRole('alertdialog', { name: 'Avlyse Nybegynner · 2–4 år · mandager kl. 10:00 · 08.02.2027?' })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(document.body);
  });
});

describe('ClosuresOverview', () => {
  const item: ClosureOverviewItem = {
    _id: 'a'.repeat(24),
    courseId: 'c'.repeat(24),
    courseName: 'Nybegynner · 2–4 år · mandager kl. 10:00',
    placeName: 'Sagene Basseng',
    date: '2027-02-08T09:00:00.000Z',
    reason: 'Svømmestevne',
    placeClosure: true,
    announceAt: '2027-02-01T09:42:00.000Z',
    announcedAt: null,
    choices: { makeup: 0, refund: 0, credit: 0, open: 0 },
  };

  it("before the e-mails: when they go, with 'Angre' and 'Send e-post nå'; after: who chose what", async () => {
    const onAction = vi.fn();
    const told = { ...item, _id: 'b'.repeat(24), announcedAt: '2027-02-01T09:42:00.000Z', choices: { makeup: 2, refund: 1, credit: 3, open: 4 } };
    const screen = await render(<ClosuresOverview items={[item, told]} onAction={onAction} busy={false} error={null} />);
    // The course's display name and the venue, then the date and the reason: the time said once (walk-through 8).
    const first = page.getByRole('listitem').first();
    await expect.element(first.getByText('Nybegynner · 2–4 år · mandager kl. 10:00 · Sagene Basseng', { exact: true })).toBeVisible();
    await expect.element(first.getByText('08.02.2027: Svømmestevne', { exact: true })).toBeVisible();
    expect(screen.container.textContent).not.toMatch(/kl\. \d\d:\d\d kl\./);
    await expect.element(page.getByText('E-post sendes kl. 10:42')).toBeVisible();
    await page.getByRole('button', { name: 'Angre avlysningen av Nybegynner · 2–4 år · mandager kl. 10:00 · 08.02.2027' }).click();
    expect(onAction).toHaveBeenCalledWith(item._id, 'undo');
    await page.getByRole('button', { name: 'Send e-post nå om Nybegynner · 2–4 år · mandager kl. 10:00 · 08.02.2027' }).click();
    expect(onAction).toHaveBeenCalledWith(item._id, 'announce');
    await expect.element(page.getByText('Familiene har fått e-post')).toBeVisible();
    await expect.element(page.getByText('Erstatningstime: 2 · Pengene tilbake: 1 · Tilgodebeløp: 3 · Ikke valgt ennå: 4')).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });
});
