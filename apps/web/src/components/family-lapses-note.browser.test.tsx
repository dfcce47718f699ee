import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { FamilyLapsesNote } from './family-lapses-note';

/** Issue 36: the family's payment pause and repeated lapses, as the orders, the profile and the waitlist show them. */
describe('FamilyLapsesNote', () => {
  const until = '2026-11-29T13:05:00.000Z';

  it("shows the family its payment pause with the time it ends (Oslo time), and not the admin's lapse count", async () => {
    const screen = await render(<FamilyLapsesNote lapses={{ lapses: 4, pausedUntil: until }} audience="family" />);
    await expect.element(page.getByText('Betalingspause til 29.11.2026 kl. 14:05', { exact: false })).toBeVisible();
    expect(screen.container.textContent).not.toContain('siste 30 dager');
    await expectNoAxeViolations(screen.container);
  });

  it('shows the admin the pause and repeated lapses; a family with neither shows nothing', async () => {
    const admin = await render(<FamilyLapsesNote lapses={{ lapses: 2, pausedUntil: null }} audience="admin" />);
    await expect.element(page.getByText('Familien har latt 2 betalinger eller tilbud gå ut siste 30 dager')).toBeVisible();
    expect(admin.container.textContent).not.toContain('Betalingspause');
    const calm = await render(<FamilyLapsesNote lapses={{ lapses: 1, pausedUntil: null }} audience="admin" />);
    expect(calm.container.textContent).toBe('');
    const paused = await render(<FamilyLapsesNote lapses={{ lapses: 3, pausedUntil: until }} audience="admin" />);
    expect(paused.container.textContent).toContain('Betalingspause til 29.11.2026 kl. 14:05');
    expect(paused.container.textContent).toContain('Familien har latt 3');
  });
});
