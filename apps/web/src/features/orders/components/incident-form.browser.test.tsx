import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { AdminOrder } from '@shared/api/orders';
import { expectNoAxeViolations } from '@/test/axe';
import { IncidentForm } from './incident-form';

const order: AdminOrder = {
  _id: 'a0000000000000000000002b',
  status: 'captured',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  provider: 'vipps',
  reference: 'order-1',
  humanReference: 'AB12CD',
  amount: 200_000,
  capturedAmount: 200_000,
  refundedAmount: 0,
  additionalInfo: { profile: null, user: null, child: { _id: null, firstName: 'Ella', lastName: 'Berg' }, course: null },
  enrolled: true,
  moves: [],
  events: [],
  incident: { _id: 'a0000000000000000000003c', reason: 'vipps-state', vippsState: 'EXPIRED', createdAt: '2026-12-02T10:00:00.000Z' },
  cancellation: null,
};

afterEach(() => vi.restoreAllMocks());

describe('IncidentForm', () => {
  it('money event "incident resolved": the admin picks an outcome and writes a note; an empty note is refused in Norwegian', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }));
    const onDone = vi.fn();
    const screen = await render(
      <QueryClientProvider client={new QueryClient()}>
        <IncidentForm order={order} onDone={onDone} />
      </QueryClientProvider>,
    );
    await expectNoAxeViolations(screen.container);
    await page.getByRole('button', { name: 'Løs hendelsen' }).click();
    await expect.element(page.getByText('Skriv et notat')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();

    await page.getByLabelText('Utfall').selectOptions('Betalt på annen måte');
    await page.getByLabelText('Notat').fill('Betalt med bankoverføring');
    await page.getByRole('button', { name: 'Løs hendelsen' }).click();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/payments/incidents/a0000000000000000000003c/resolution');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ outcome: 'paid-elsewhere', note: 'Betalt med bankoverføring' });
  });
});
