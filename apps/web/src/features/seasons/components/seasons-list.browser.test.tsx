import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { SeasonsList } from './seasons-list';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const autumn = { _id: 'a0000000000000000000005e', name: 'Høst 2026', startsOn: '2026-08-17', endsOn: '2026-12-20' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SeasonsList', () => {
  it("lists the seasons 'fra–til'; 'Ny sesong' refuses an end before the start in Norwegian, then sends the season", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) => (init?.method === 'POST' ? json({ ...autumn, _id: 'a0000000000000000000006f', name: 'Vår 2027' }, 201) : json([autumn])));
    const screen = await render(
      <QueryClientProvider client={new QueryClient()}>
        <SeasonsList />
      </QueryClientProvider>,
    );
    await expect.element(page.getByText('17.08.2026–20.12.2026')).toBeVisible();
    await expectNoAxeViolations(screen.container);

    await page.getByRole('button', { name: 'Ny sesong' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabelText('Navn').fill('  Vår 2027 ');
    await dialog.getByLabelText('Fra').fill('2027-06-20');
    await dialog.getByLabelText('Til').fill('2027-01-04');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(dialog.getByText('Sluttdatoen kan ikke være før startdatoen')).toBeVisible();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

    await dialog.getByLabelText('Fra').fill('2027-01-04');
    await dialog.getByLabelText('Til').fill('2027-06-20');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toContain('/api/seasons');
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Vår 2027', startsOn: '2027-01-04', endsOn: '2027-06-20' });
  });
});
