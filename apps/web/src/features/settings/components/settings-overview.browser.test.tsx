import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { DEFAULT_CANCELLATION_RULES } from '@shared/api';
import { expectNoAxeViolations } from '@/test/axe';
import { SettingsOverviewPage } from './settings-overview';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const overview = {
  credit: [
    { version: 2, value: { months: 6 }, createdAt: '2026-12-01T10:00:00.000Z', changedBy: 'Ada Admin' },
    { version: 1, value: { months: 12 }, createdAt: '2026-11-01T10:00:00.000Z', changedBy: null },
  ],
  cancellation: [{ version: 1, value: DEFAULT_CANCELLATION_RULES, createdAt: '2026-10-01T10:00:00.000Z', changedBy: null }],
  waitlist: [{ version: 1, value: { offerHours: 24, shortOfferHours: 6, priorityDays: 7 }, createdAt: null, changedBy: null }],
  closures: [{ version: 1, value: { undoMinutes: 10, choiceDays: 7, defaultChoice: 'credit' }, createdAt: null, changedBy: null }],
  certificate: [{ version: 1, value: { minAttendancePercent: 75 }, createdAt: null, changedBy: null }],
  siblingDiscount: [{ version: 1, value: { type: 'off' }, createdAt: null, changedBy: null }],
  rollover: [{ version: 1, value: { replyByDays: 7 }, createdAt: null, changedBy: null }],
  absences: [{ version: 1, value: { enabled: true, deadlineHours: 2, tokensPerCourse: 2, tokenMinDays: 60 }, createdAt: null, changedBy: null }],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SettingsOverviewPage', () => {
  it('shows the credit months in force and the history; refuses 0 months in Norwegian, then sends the new value', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) => (init?.method === 'PUT' ? json({ version: 3, value: { months: 9 }, createdAt: '2026-12-07T10:00:00.000Z', changedBy: 'Ada Admin' }) : json(overview)));
    const screen = await render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <SettingsOverviewPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await expect.element(page.getByTestId('credit-months-current').getByText('6 måneder', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Avbestillingsregler' })).toBeVisible();
    await expectNoAxeViolations(screen.container);

    const field = page.getByLabelText('Gyldighet (måneder)');
    await field.fill('0');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(page.getByText('Gyldighet må være et helt antall måneder fra 1 til 60.')).toBeVisible();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);

    await field.fill('9');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(String(url)).toContain('/api/settings/credit');
    expect(JSON.parse(String(init!.body))).toEqual({ months: 9 });
  });

  it('shows the waitlist and closure settings in words, and sends a changed default choice with its numbers', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        init?.method === 'PUT' ? json({ version: 2, value: { undoMinutes: 10, choiceDays: 5, defaultChoice: 'refund' }, createdAt: '2026-12-07T10:00:00.000Z', changedBy: 'Ada Admin' }) : json(overview),
      );
    await render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <SettingsOverviewPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await expect.element(page.getByText('Et tilbud gjelder i 24 timer, eller 6 timer når kurset starter innen 3 dager. Fortrinnsretten varer 7 dager om ikke annet velges. (versjon 1)')).toBeVisible();
    await expect.element(page.getByText('Angrefrist 10 minutter. Familien har 7 dager på å velge, ellers får den tilgodebeløp. (versjon 1)')).toBeVisible();
    const form = page.getByRole('form', { name: 'Endre avlyste timer' });
    await form.getByLabelText('Svarfrist for familien (dager)').fill('61');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(form.getByText('Svarfristen må være et helt tall fra 1 til 60.')).toBeVisible();
    await form.getByLabelText('Svarfrist for familien (dager)').fill('5');
    await form.getByLabelText('Når familien ikke velger').selectOptions('refund');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(String(url)).toContain('/api/settings/closures');
    expect(JSON.parse(String(init!.body))).toEqual({ undoMinutes: 10, choiceDays: 5, defaultChoice: 'refund' });
  });

  it('turns the sibling discount on: a percentage above 100 is refused in Norwegian, an amount in kr from a day is sent', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        init?.method === 'PUT' ? json({ version: 2, value: { type: 'amount', amountKr: 340, from: '2027-01-01' }, createdAt: '2026-12-07T10:00:00.000Z', changedBy: 'Ada Admin' }) : json(overview),
      );
    const screen = await render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <SettingsOverviewPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await expect.element(page.getByText('Ingen søskenrabatt. (versjon 1)')).toBeVisible();
    const form = page.getByRole('form', { name: 'Endre søskenrabatten' });
    await form.getByLabelText('Søskenrabatt').selectOptions('percent');
    await form.getByLabelText('Rabatt (prosent)').fill('101');
    await form.getByLabelText('Gjelder betalinger fra').fill('2027-01-01');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(form.getByText('Prosenten må være et helt tall fra 1 til 100.')).toBeVisible();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    await expectNoAxeViolations(screen.container);

    await form.getByLabelText('Søskenrabatt').selectOptions('amount');
    await form.getByLabelText('Rabatt (kr)').fill('340');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(decodeURIComponent(String(url))).toContain('/api/settings/siblingDiscount');
    expect(JSON.parse(String(init!.body))).toEqual({ type: 'amount', amountKr: 340, from: '2027-01-01' });
  });
});
