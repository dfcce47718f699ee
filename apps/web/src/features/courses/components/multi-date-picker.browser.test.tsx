import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { loadHolidayLabel, type HolidayLabel } from './holiday-label';
import { MultiDatePicker } from './multi-date-picker';

function Picker({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  const [holidays, setHolidays] = useState<HolidayLabel>();
  useEffect(() => {
    void loadHolidayLabel().then((label) => setHolidays(() => label));
  }, []);
  return (
    <main>
      <span id="datoer">Datoer</span>
      <MultiDatePicker id="picker" labelledBy="datoer" value={value} onChange={setValue} holidays={holidays} />
      <output data-testid="valgt">{value.join(',')}</output>
    </main>
  );
}

describe('MultiDatePicker holidays', () => {
  it('marks public and school holidays by name, and the admin may still choose them', async () => {
    await render(<Picker initial={['2026-12-14']} />);
    const christmas = page.getByRole('button', { name: /25\. desember 2026, Første juledag$/ });
    await expect.element(christmas).toBeVisible();
    await expect.element(christmas).toHaveAttribute('title', 'Første juledag');
    // The day's cell carries the mark (red, bold; underlined in print).
    expect(christmas.element().closest('td')?.classList.contains('rdp-holiday')).toBe(true);
    // A school holiday (juleferie starts 21 December), an ordinary day, and a chosen ordinary day.
    await expect.element(page.getByRole('button', { name: /21\. desember 2026, Juleferie$/ })).toBeVisible();
    const ordinary = page.getByRole('button', { name: /^(?:[a-zæøå]+ )?15\. desember 2026$/ });
    await expect.element(ordinary).not.toHaveAttribute('title');
    await expect.element(page.getByRole('button', { name: /14\. desember 2026, valgt$/ })).toBeVisible();
    await expect.element(page.getByText('helligdager og skoleferier er merket', { exact: false })).toBeVisible();
    await expect.element(page.getByRole('group', { name: 'Datoer' })).toBeVisible();

    await christmas.click();
    await expect.element(page.getByTestId('valgt')).toHaveTextContent('2026-12-14,2026-12-25');
    await expect.element(page.getByRole('button', { name: /25\. desember 2026, valgt, Første juledag$/ })).toBeVisible();
    await expectNoAxeViolations();
  });
});
