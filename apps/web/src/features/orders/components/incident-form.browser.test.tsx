import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { AdminOrder } from '@shared/api/orders';
import { ore } from '@/lib/format';
import { expectNoAxeViolations } from '@/test/axe';
import { IncidentForm } from './incident-form';
import { OrderActions } from './refund-dialog';

const order: AdminOrder = {
  _id: 'a0000000000000000000002b',
  status: 'captured',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  provider: 'vipps',
  reference: 'order-1',
  humanReference: 'AB12CD',
  amount: ore(200_000),
  capturedAmount: ore(200_000),
  refundedAmount: ore(0),
  discounts: [],
  additionalInfo: { profile: null, user: null, child: { _id: null, firstName: 'Ella', lastName: 'Berg' }, course: null },
  enrolled: true,
  moves: [],
  events: [],
  incident: { _id: 'a0000000000000000000003c', reason: 'vipps-state', vippsState: 'EXPIRED', createdAt: '2026-12-02T10:00:00.000Z' },
  cancellation: null,
};

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1280, 800);
});

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

  it("'Løs hendelsen' at 360 px (the narrow-phone guard, walk-through 06.12): the dialog does not scroll sideways, every button fits", async () => {
    // The E2E layout guard cannot raise an incident on the demo (only Vipps contradicting a payment does): checked here.
    await page.viewport(360, 740);
    const long = { ...order, incident: { ...order.incident!, vippsState: 'EXPIRED 200000 NOK Wolfeschlegelsteinhausenbergerdorff' } };
    await render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderActions order={long} />
      </QueryClientProvider>,
    );
    await page.getByRole('button', { name: 'Løs hendelsen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Løs hendelsen' });
    await expect.element(dialog).toBeVisible();
    const el = dialog.element() as HTMLElement;
    await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
    const viewport = document.documentElement.clientWidth;
    expect(viewport).toBe(360);
    expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth);
    const box = el.getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(viewport);
    const outside = [...el.querySelectorAll('button')]
      .map((b) => ({ name: b.textContent?.trim() || b.getAttribute('aria-label'), r: b.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
      .map(({ name }) => name);
    expect(outside).toEqual([]);
    await expectNoAxeViolations(el);
  });
});
