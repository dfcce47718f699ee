import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { GroupSelect } from './group-select';
import { Modal } from './modal';
import { MultiSelect, multiSelectSummary, type MultiSelectOption } from './multi-select';

const instructors: MultiSelectOption[] = [
  { value: '1', label: 'Foreløpig ukjent' },
  { value: 'a', label: 'Kari' },
  { value: 'b', label: 'Ola' },
  { value: 'c', label: 'Per' },
  { value: 'd', label: 'Åse' },
];

function Instructors({ initial = [] as string[], max = 3, inModal = false }) {
  const [value, setValue] = useState<string[]>(initial);
  const select = <MultiSelect label="Instruktører" options={instructors} value={value} onChange={setValue} maxNamesShown={max} placeholder="Velg instruktører" />;
  return (
    <main>
      {inModal ? (
        <Modal open onOpenChange={() => undefined} title="Endre kurs">
          {select}
        </Modal>
      ) : (
        select
      )}
      <output data-testid="verdi">{value.join(',')}</output>
    </main>
  );
}

const trigger = () => page.getByRole('button', { name: /Instruktører/ });
const chosen = () => page.getByTestId('verdi').element().textContent;

describe('MultiSelect', () => {
  it("shows names up to maxNamesShown, then '{n} valgt'", () => {
    expect(multiSelectSummary(instructors, [], 3, 'Velg')).toBe('Velg');
    expect(multiSelectSummary(instructors, ['a', 'b', 'c'], 3)).toBe('Kari, Ola, Per');
    expect(multiSelectSummary(instructors, ['a', 'b', 'c', 'd'], 3)).toBe('4 valgt');
    expect(multiSelectSummary(instructors, ['a', 'b', 'c'], 2)).toBe('3 valgt');
  });

  it('is a labelled button that opens a group of checkboxes, and passes axe open and closed', async () => {
    await render(<Instructors initial={['a', 'b']} />);
    await expect.element(trigger()).toHaveAccessibleName('Instruktører Kari, Ola');
    await expect.element(trigger()).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations();
    await trigger().click();
    await expect.element(trigger()).toHaveAttribute('aria-expanded', 'true');
    const group = page.getByRole('group', { name: 'Instruktører' });
    await expect.element(group.getByRole('checkbox', { name: 'Kari' })).toBeChecked();
    await expect.element(group.getByRole('checkbox', { name: 'Per' })).not.toBeChecked();
    await expectNoAxeViolations();
  });

  it('works with the keyboard alone: arrows move, Space toggles, Escape closes and gives focus back', async () => {
    // Two names at most on the button, so three chosen read '3 valgt'.
    await render(<Instructors max={2} />);
    await userEvent.tab();
    await expect.element(trigger()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('checkbox', { name: 'Foreløpig ukjent' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}[Space]{ArrowDown}[Space]{End}[Space]');
    expect(chosen()).toBe('a,b,d');
    await userEvent.keyboard('{Home}{ArrowUp}');
    await expect.element(page.getByRole('checkbox', { name: 'Foreløpig ukjent' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(trigger()).toHaveFocus();
    await expect.element(trigger()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(trigger()).toHaveAccessibleName('Instruktører 3 valgt');
  });

  it('closes on a click outside; inside a modal Escape closes the list, not the modal', async () => {
    await render(<Instructors inModal />);
    await trigger().click();
    await expect.element(page.getByRole('checkbox', { name: 'Kari' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    // A closed list is hidden, so it is out of the accessibility tree: look it up with includeHidden.
    const kari = page.getByRole('checkbox', { name: 'Kari', includeHidden: true });
    await expect.element(kari).not.toBeVisible();
    await expect.element(trigger()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByRole('dialog', { name: 'Endre kurs' })).toBeVisible();
    await trigger().click();
    await expect.element(kari).toBeVisible();
    await page.getByRole('heading', { name: 'Endre kurs' }).click();
    await expect.element(kari).not.toBeVisible();
    await expect.element(page.getByRole('dialog', { name: 'Endre kurs' })).toBeVisible();
  });
});

describe('GroupSelect', () => {
  it('groups options under their labels, marks an empty group, and keeps trailing options last', async () => {
    let picked = '';
    await render(
      <main>
        <GroupSelect
          label="Velg barn"
          placeholder="Velg barn"
          defaultValue=""
          onChange={(e) => (picked = e.target.value)}
          emptyGroupText="Ingen barn registrert"
          groups={[
            { label: 'Profil: Kari og Ola', options: [{ value: 'emma', label: 'Emma (1 år)' }] },
            { label: 'Profil: Per', options: [] },
          ]}
          trailingOptions={[{ value: 'ny', label: 'Legg til nytt barn' }]}
        />
      </main>,
    );
    const select = page.getByLabelText('Velg barn');
    const el = select.element() as HTMLSelectElement;
    expect([...el.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Profil: Kari og Ola', 'Profil: Per']);
    const empty = el.querySelector('optgroup:nth-of-type(2) option') as HTMLOptionElement;
    expect(empty.textContent).toBe('Ingen barn registrert');
    expect(empty.disabled).toBe(true);
    expect(el.options[el.options.length - 1]?.textContent).toBe('Legg til nytt barn');
    await select.selectOptions('Emma (1 år)');
    expect(picked).toBe('emma');
    await expectNoAxeViolations();
  });
});
