import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { act } from '@/test/act';
import { expectNoAxeViolations } from '@/test/axe';
import { DialogHost } from './dialog-host';
import { alert, confirm, dialogStore, prompt } from './dialogs';

const dialog = (name: string) => page.getByRole('alertdialog', { name });

async function host() {
  await render(
    <main>
      <button type="button">Slett</button>
      <DialogHost />
    </main>,
  );
}

/** Runs a dialog call and waits until it shows (the dialog markup loads on first use); gives the pending answer. */
async function ask<T>(call: () => Promise<T>, name: string): Promise<{ answer: Promise<T> }> {
  let answer!: Promise<T>;
  act(() => {
    answer = call();
  });
  await expect.element(dialog(name)).toBeVisible();
  return { answer };
}

afterEach(() => {
  vi.useRealTimers();
  act(() => dialogStore.reset());
});

describe('confirm', () => {
  it('resolves true for the confirm button, with the given texts and colours, and passes axe', async () => {
    await host();
    const { answer } = await ask(
      () => confirm({ title: 'Slett barnet?', message: 'Dette kan ikke angres.', confirmText: 'Slett', cancelText: 'Behold', confirmVariant: 'danger' }),
      'Slett barnet?',
    );
    const box = dialog('Slett barnet?');
    await expect.element(box).toHaveAccessibleDescription('Dette kan ikke angres.');
    await expect.element(box.getByRole('button', { name: 'Behold' })).toBeVisible();
    const slett = box.getByRole('button', { name: 'Slett' });
    expect(slett.element().className).toContain('bg-danger');
    await expectNoAxeViolations();
    await slett.click();
    expect(await answer).toBe(true);
  });

  it('resolves false for cancel, Escape and a click outside', async () => {
    await host();
    let { answer } = await ask(() => confirm({ title: 'Sikker?' }), 'Sikker?');
    await dialog('Sikker?').getByRole('button', { name: 'Avbryt' }).click();
    expect(await answer).toBe(false);
    await expect.element(dialog('Sikker?')).not.toBeInTheDocument();

    ({ answer } = await ask(() => confirm({ title: 'Sikker?' }), 'Sikker?'));
    await userEvent.keyboard('{Escape}');
    expect(await answer).toBe(false);
    await expect.element(dialog('Sikker?')).not.toBeInTheDocument();

    ({ answer } = await ask(() => confirm({ title: 'Sikker?' }), 'Sikker?'));
    await page.elementLocator(document.body).click({ position: { x: 4, y: 4 }, force: true });
    expect(await answer).toBe(false);
  });

  it('with dismissible: false ignores Escape and outside clicks', async () => {
    await host();
    const { answer } = await ask(() => confirm({ title: 'Må svare', dismissible: false }), 'Må svare');
    await userEvent.keyboard('{Escape}');
    await page.elementLocator(document.body).click({ position: { x: 4, y: 4 }, force: true });
    await expect.element(dialog('Må svare')).toBeVisible();
    await dialog('Må svare').getByRole('button', { name: 'Bekreft' }).click();
    expect(await answer).toBe(true);
  });

  it('answers at once, then leaves in 300 ms (fake clock)', async () => {
    await host();
    const { answer } = await ask(() => confirm({ title: 'Lagre?' }), 'Lagre?');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const button = dialog('Lagre?').getByRole('button', { name: 'Bekreft' }).element() as HTMLButtonElement;
    act(() => button.click());
    expect(await answer).toBe(true);
    const box = dialog('Lagre?').element();
    expect(box.hasAttribute('data-closing')).toBe(true);
    expect(box.className).toContain('animate-dialog-out');
    // A second click during the exit changes nothing.
    act(() => button.click());
    act(() => void vi.advanceTimersByTime(299));
    expect(box.isConnected).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  });
});

describe('prompt', () => {
  it('shows the default value, placeholder and input type; Enter confirms with what was typed', async () => {
    await host();
    const { answer } = await ask(
      () => prompt({ title: 'Ny e-post', label: 'E-post', defaultValue: 'kari@', placeholder: 'navn@eksempel.no', inputType: 'email' }),
      'Ny e-post',
    );
    const input = dialog('Ny e-post').getByLabelText('E-post');
    await expect.element(input).toHaveValue('kari@');
    await expect.element(input).toHaveAttribute('placeholder', 'navn@eksempel.no');
    await expect.element(input).toHaveAttribute('type', 'email');
    await expect.element(input).toHaveFocus();
    await expectNoAxeViolations();
    // The default value opens selected, as in the browser's own prompt(): End moves past it, then typing adds to it.
    await userEvent.keyboard('{End}example.no{Enter}');
    expect(await answer).toBe('kari@example.no');
  });

  it('Escape cancels (null), even when outside clicks are switched off', async () => {
    await host();
    const { answer } = await ask(() => prompt({ title: 'Navn', dismissible: false }), 'Navn');
    await userEvent.keyboard('Ola{Escape}');
    expect(await answer).toBeNull();
    await expect.element(dialog('Navn')).not.toBeInTheDocument();
  });

  it('the cancel button gives null, the confirm button the value', async () => {
    await host();
    let { answer } = await ask(() => prompt({ title: 'Navn', defaultValue: 'Per', confirmText: 'Lagre', cancelText: 'Nei' }), 'Navn');
    await dialog('Navn').getByRole('button', { name: 'Nei' }).click();
    expect(await answer).toBeNull();
    ({ answer } = await ask(() => prompt({ title: 'Navn', defaultValue: 'Per', confirmText: 'Lagre' }), 'Navn'));
    await dialog('Navn').getByRole('button', { name: 'Lagre' }).click();
    expect(await answer).toBe('Per');
  });
});

describe('alert', () => {
  it("has one button, 'Greit' by default, and resolves when it is pressed", async () => {
    await host();
    const { answer } = await ask(() => alert({ title: 'Feil', message: 'Noe gikk galt' }), 'Feil');
    await expect.element(dialog('Feil').getByRole('button')).toHaveTextContent('Greit');
    await expectNoAxeViolations();
    await dialog('Feil').getByRole('button', { name: 'Greit' }).click();
    await expect(answer).resolves.toBeUndefined();
  });
});
