import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { z } from 'zod';
import { expectNoAxeViolations } from '@/test/axe';
import { Checkbox, ConfirmDialog, DateInput, Field, FormError, Select, TextInput, Textarea, useZodForm } from './index';

const schema = z.object({
  name: z.string().trim().min(1).max(10),
  info: z.string().trim().min(1),
  level: z.string().min(1),
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  published: z.literal(true),
});

function KitForm({ onValid }: { onValid?: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: { name: '', info: '', level: '', start: '', published: false as unknown as true },
    messages: {
      name: { required: 'Skriv inn navnet.', too_big: 'Navnet kan ha maks 10 tegn.' },
      info: { required: 'Skriv litt om kurset.' },
      level: { required: 'Velg et nivå.' },
      start: { required: 'Velg startdato.' },
      published: { invalid_value: 'Kurset må publiseres.' },
    },
  });
  return (
    <main>
      <form noValidate onSubmit={handleSubmit((values) => onValid?.(values))}>
        <TextInput label="Navn" hint="Slik det står i kurslisten" error={errors.name?.message} {...register('name')} />
        <Textarea label="Info" error={errors.info?.message} {...register('info')} />
        <Select
          label="Nivå"
          placeholder="Velg nivå"
          options={[
            { value: 'Nybegynner', label: 'Nybegynner' },
            { label: 'Videregående', options: [{ value: 'Viderekommen', label: 'Viderekommen' }] },
          ]}
          error={errors.level?.message}
          {...register('level')}
        />
        <DateInput label="Startdato" error={errors.start?.message} {...register('start')} />
        <Checkbox label="Publisert" error={errors.published?.message} {...register('published')} />
        <button type="submit">Lagre</button>
      </form>
    </main>
  );
}

/** The texts the control's aria-describedby points at, in order. */
const description = (control: Element) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);

describe('form kit', () => {
  it('labels every control and points at the hint; nothing is invalid before submitting', async () => {
    await render(<KitForm />);
    const name = page.getByLabelText('Navn').element();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(description(name)).toEqual(['Slik det står i kurslisten']);
    for (const label of ['Info', 'Nivå', 'Startdato', 'Publisert']) await expect.element(page.getByLabelText(label)).toBeInTheDocument();
    await expect.element(page.getByLabelText('Startdato')).toHaveAttribute('type', 'date');
    await expectNoAxeViolations();
  });

  it('wires each error to its control (aria-invalid, aria-describedby) in Norwegian, and passes axe', async () => {
    await render(<KitForm />);
    await page.getByRole('button', { name: 'Lagre' }).click();
    const expected: [string, string[]][] = [
      ['Navn', ['Slik det står i kurslisten', 'Skriv inn navnet.']],
      ['Info', ['Skriv litt om kurset.']],
      ['Nivå', ['Velg et nivå.']],
      ['Startdato', ['Velg startdato.']],
      ['Publisert', ['Kurset må publiseres.']],
    ];
    for (const [label, texts] of expected) {
      const control = page.getByLabelText(label);
      await expect.element(control).toHaveAttribute('aria-invalid', 'true');
      expect(description(control.element()), label).toEqual(texts);
    }
    await expectNoAxeViolations();
  });

  it('says the rule that failed (too long), and clears the error once fixed', async () => {
    await render(<KitForm />);
    await page.getByLabelText('Navn').fill('Altfor langt navn');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect.element(page.getByText('Navnet kan ha maks 10 tegn.')).toBeVisible();
    await page.getByLabelText('Navn').fill('Kari');
    await expect.element(page.getByLabelText('Navn')).not.toHaveAttribute('aria-invalid');
  });

  it('the select starts on its placeholder, which cannot be chosen again', async () => {
    await render(<KitForm />);
    const select = page.getByLabelText('Nivå');
    await expect.element(select).toHaveDisplayValue('Velg nivå');
    const placeholder = select.element().querySelector('option[value=""]') as HTMLOptionElement;
    expect(placeholder.disabled).toBe(true);
    await select.selectOptions('Viderekommen');
    await expect.element(select).toHaveValue('Viderekommen');
    expect(select.element().querySelector('optgroup')?.getAttribute('label')).toBe('Videregående');
  });

  it('hands the parsed values over when everything is valid', async () => {
    let saved: unknown;
    await render(<KitForm onValid={(v) => (saved = v)} />);
    await page.getByLabelText('Navn').fill('  Kari ');
    await page.getByLabelText('Info').fill('Hei');
    await page.getByLabelText('Nivå').selectOptions('Nybegynner');
    await page.getByLabelText('Startdato').fill('2026-09-01');
    await page.getByLabelText('Publisert').click();
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect.poll(() => saved).toEqual({ name: 'Kari', info: 'Hei', level: 'Nybegynner', start: '2026-09-01', published: true });
  });

  it('Field wraps any control with the same wiring, and FormError is announced', async () => {
    await render(
      <main>
        <Field label="Pris" hint="I hele kroner" error="Prisen må være et tall">
          {(control) => <input inputMode="numeric" {...control} />}
        </Field>
        <FormError>Alle feltene må fylles ut</FormError>
      </main>,
    );
    const price = page.getByLabelText('Pris');
    await expect.element(price).toHaveAttribute('aria-invalid', 'true');
    expect(description(price.element())).toEqual(['I hele kroner', 'Prisen må være et tall']);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Alle feltene må fylles ut');
    await expectNoAxeViolations();
  });
});

function DeleteHarness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Slett barnet?"
      message="Barnet fjernes fra profilen."
      confirmText="Slett"
      confirmVariant="danger"
      busyText="Sletter …"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is busy while the work runs and closes when it is done', async () => {
    let finish!: () => void;
    await render(<DeleteHarness onConfirm={() => new Promise<void>((resolve) => (finish = resolve))} />);
    const box = page.getByRole('alertdialog', { name: 'Slett barnet?' });
    await expectNoAxeViolations();
    await box.getByRole('button', { name: 'Slett' }).click();
    await expect.element(box.getByRole('button', { name: 'Sletter …' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect.element(box).toBeVisible(); // not while busy
    finish();
    await expect.element(box).not.toBeInTheDocument();
  });

  it('stays open when the work fails, so the user may try again', async () => {
    await render(<DeleteHarness onConfirm={() => Promise.reject(new Error('500'))} />);
    const box = page.getByRole('alertdialog', { name: 'Slett barnet?' });
    await box.getByRole('button', { name: 'Slett' }).click();
    await expect.element(box.getByRole('button', { name: 'Slett' })).toBeEnabled();
    await box.getByRole('button', { name: 'Avbryt' }).click();
    await expect.element(box).not.toBeInTheDocument();
  });
});
