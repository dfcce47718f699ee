import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import type { DateChoice } from '@shared/api';
import { ApiError } from '@/lib/api-client';
import { ore } from '@/lib/format';
import { expectNoAxeViolations } from '@/test/axe';
import { DateChoiceCard } from './date-choice-card';

/** Walk-through 06.12, findings 6 and 12: the cancelled-date card's edge cases, and where its errors show. */
const base: DateChoice = {
  _id: 'c'.repeat(24),
  child: { _id: 'a'.repeat(24), firstName: 'Emma', lastName: 'Nilsen' },
  course: { _id: 'b'.repeat(24), name: 'Babysvømming 2', displayName: 'Nybegynner · 1–2 år · mandager kl. 09:30' },
  date: '2027-02-08T08:30:00.000Z',
  reason: 'Bassenget er stengt',
  shareAmount: ore(26_250),
  deadline: '2027-02-15T22:59:00.000Z',
  defaultChoice: 'credit',
  choice: null,
  chosenBy: null,
  makeup: null,
  makeupTokenId: null,
  options: [{ courseId: 'd'.repeat(24), courseName: 'Nybegynner · 1–2 år · torsdager kl. 09:00', placeName: 'Grorud Basseng', date: '2027-02-18T08:00:00.000Z', timeFrom: '09:00', timeTo: '09:30', freePlaces: 2 }],
};
const noop = () => undefined;

describe('DateChoiceCard', () => {
  it("a make-up chosen without a date: the child has a token, and 'Finn erstatningstime' leads to its dates (decision 061)", async () => {
    const chosen = { ...base, choice: 'makeup' as const, chosenBy: 'family' as const, makeupTokenId: 'e'.repeat(24) };
    const screen = await render(
      <MemoryRouter>
        <DateChoiceCard choice={chosen} onChoose={noop} pending={false} error={null} />
      </MemoryRouter>,
    );
    await expect.element(page.getByRole('link', { name: 'Finn erstatningstime' })).toHaveAttribute('href', `/erstatningstime/${'e'.repeat(24)}`);
    expect(screen.container.querySelectorAll('button')).toHaveLength(0);
    await expectNoAxeViolations(screen.container);
  });

  it("names the course by its display name, and the make-up dates too, each time said once (walk-through 8)", async () => {
    const screen = await render(<DateChoiceCard choice={base} onChoose={noop} pending={false} error={null} />);
    await expect.element(page.getByRole('heading', { level: 3 })).toHaveTextContent('Emma: Nybegynner · 1–2 år · mandager kl. 09:30 · 08.02.2027 er avlyst');
    await expect.element(page.getByRole('region', { name: 'Emma: Nybegynner · 1–2 år · mandager kl. 09:30 · 08.02.2027 er avlyst' })).toBeVisible();
    const options = [...screen.container.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toContain('18.02.2027 · Nybegynner · 1–2 år · torsdager kl. 09:00 · Grorud Basseng');
    expect(screen.container.textContent).not.toContain('Babysvømming');
    expect(screen.container.textContent).not.toMatch(/kl\. \d\d:\d\d kl\./);
    await expectNoAxeViolations(screen.container);
  });

  it('a child on the course without payment is offered only a make-up, and no 0 kr', async () => {
    const screen = await render(<DateChoiceCard choice={{ ...base, shareAmount: ore(0) }} onChoose={noop} pending={false} error={null} />);
    expect(screen.container.textContent).not.toContain('0 kr');
    expect(screen.container.textContent).not.toContain('Pengene tilbake');
    await expect.element(page.getByText('ingen penger å få tilbake', { exact: false })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Velg erstatningstime' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  it('after a refund the card says how much, and where the money goes', async () => {
    await render(<DateChoiceCard choice={{ ...base, choice: 'refund', chosenBy: 'family' }} onChoose={noop} pending={false} error={null} />);
    await expect.element(page.getByRole('status')).toHaveTextContent('Valgt: Pengene tilbake (262,50 kr). De kommer tilbake til Vipps innen noen dager.');
  });

  it('a failed refund is told beside the refund button, with what to do next', async () => {
    const screen = await render(<DateChoiceCard choice={base} onChoose={noop} pending={false} error={null} />);
    await page.getByRole('button', { name: 'Pengene tilbake (262,50 kr)' }).click();
    await screen.rerender(<DateChoiceCard choice={base} onChoose={noop} pending={false} error={new ApiError(502, 'PAYMENT_PROVIDER', 'Vipps')} />);
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('Vipps kunne ikke betale tilbake akkurat nå. Prøv igjen om litt, eller velg tilgodebeløp.');
    // Right under the two money buttons, not under the make-up row.
    const money = page.getByRole('button', { name: 'Tilgodebeløp (262,50 kr)' }).element().closest('div.space-y-2');
    expect(money?.contains(alert.element())).toBe(true);
    await expectNoAxeViolations(screen.container);
  });
});
