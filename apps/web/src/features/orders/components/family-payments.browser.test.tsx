import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { FamilyPayment } from '@shared/api';
import { siteConfigFromEnv } from '@shared/site-config';
import { ore } from '@/lib/format';
import { expectNoAxeViolations } from '@/test/axe';

// Vite writes the site configuration in as __SITE__ at build time; the test sets it the same way before loading the card.
vi.stubGlobal('__SITE__', siteConfigFromEnv({}));
const { FamilyPayments } = await import('./family-payments');

const payment = (over: Partial<FamilyPayment>): FamilyPayment => ({
  _id: 'a0000000000000000000001a',
  humanReference: 'BS-AAAAAA',
  status: 'captured',
  createdAt: '2026-05-01T10:00:00.000Z',
  courseName: 'Søskensvømming',
  childName: 'Jakob Nilsen',
  courseFirstDate: '2026-08-17T15:00:00.000Z',
  courseLastDate: '2026-10-19T15:00:00.000Z',
  placeName: 'Sagene Basseng',
  capturedAmount: ore(260_000),
  refundedAmount: ore(0),
  creditAmount: ore(0),
  discounts: [],
  cancellable: false,
  cancellation: null,
  receipts: [],
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FamilyPayments (/profil → Betalinger)', () => {
  it('money event "partial refund": each card says the course dates and venue; a part refunded reads "Delvis refundert"; no "Meld av" on a finished course', async () => {
    const list = [
      payment({}),
      payment({ _id: 'a0000000000000000000002b', humanReference: 'BS-BBBBBB', status: 'refunded', refundedAmount: ore(26_000), courseFirstDate: '2027-02-01T09:30:00.000Z', courseLastDate: '2027-04-05T08:30:00.000Z', cancellable: true }),
    ];
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } }));
    const screen = await render(
      <QueryClientProvider client={new QueryClient()}>
        <FamilyPayments profileId="p1" canCancel />
      </QueryClientProvider>,
    );
    await expect.element(page.getByText('17.08.2026–19.10.2026 · Sagene Basseng')).toBeVisible();
    await expect.element(page.getByText('01.02.2027–05.04.2027 · Sagene Basseng')).toBeVisible();
    await expect.element(page.getByText('Delvis refundert')).toBeVisible();
    expect(page.getByRole('button', { name: /Meld av kurset/ }).all()).toHaveLength(1);
    await expectNoAxeViolations(screen.container);
  });
});
