import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectNoAxeViolations } from '@/test/axe';
import { Button } from './button';
import { Modal, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps> & { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <main>
      <h1>Side</h1>
      <Button onClick={() => setOpen(true)}>Åpne</Button>
      {/* Tall page: there is something to scroll. */}
      <div style={{ height: '3000px' }} />
      <Modal open={open} onOpenChange={setOpen} title="Endre sted" {...props}>
        <label htmlFor="navn">Navn</label>
        <input id="navn" />
        <Button onClick={() => setInner(true)}>Mer</Button>
        <Button onClick={() => setOpen(false)}>Lagre</Button>
        {props.nested ? (
          <Modal open={inner} onOpenChange={setInner} title="Indre">
            <Button onClick={() => setInner(false)}>Ferdig</Button>
          </Modal>
        ) : null}
      </Modal>
    </main>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Endre sted' });
const opener = () => page.getByRole('button', { name: 'Åpne' });
const inDialog = () => !!document.activeElement?.closest('[role="dialog"]');

async function openModal(props: Partial<ModalProps> & { nested?: boolean } = {}) {
  await render(<Harness {...props} />);
  await opener().click();
  await expect.element(dialog()).toBeVisible();
}

/** A real pointer press on the overlay, far from the dialog box. */
const clickOutside = () => page.elementLocator(document.body).click({ position: { x: 4, y: 4 }, force: true });

describe('Modal', () => {
  it('is a labelled modal dialog with a header and a close button, and passes axe', async () => {
    await openModal();
    await expect.element(dialog().getByRole('heading', { name: 'Endre sted' })).toBeVisible();
    await expect.element(dialog().getByRole('button', { name: 'Lukk' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('keeps focus inside while tabbing both ways, and gives it back to the opener', async () => {
    await openModal();
    expect(inDialog()).toBe(true);
    for (let i = 0; i < 7; i++) {
      await userEvent.tab();
      expect(inDialog(), `after ${i + 1} × Tab`).toBe(true);
    }
    for (let i = 0; i < 7; i++) {
      await userEvent.tab({ shift: true });
      expect(inDialog(), `after ${i + 1} × Shift+Tab`).toBe(true);
    }
    await dialog().getByRole('button', { name: 'Lukk' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    await openModal();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });

  it('with closeOnEscape={false} stays open on Escape', async () => {
    await openModal({ closeOnEscape: false });
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).toBeVisible();
  });

  it('closes on a click outside', async () => {
    await openModal();
    await clickOutside();
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  it('with closeOnOutsideClick={false} stays open on a click outside', async () => {
    await openModal({ closeOnOutsideClick: false });
    await clickOutside();
    await expect.element(dialog()).toBeVisible();
  });

  it('locks page scroll while open, nested dialogs included, and restores it after the last', async () => {
    await render(<Harness nested />);
    expect(document.body.style.overflow).toBe('');
    await opener().click();
    await expect.element(dialog()).toBeVisible();
    expect(document.body.style.overflow).toBe('hidden');
    expect(getComputedStyle(document.body).overflow).toBe('hidden');

    await dialog().getByRole('button', { name: 'Mer' }).click();
    const inner = page.getByRole('dialog', { name: 'Indre' });
    await expect.element(inner).toBeVisible();
    await inner.getByRole('button', { name: 'Ferdig' }).click();
    await expect.element(inner).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    await dialog().getByRole('button', { name: 'Lagre' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('can leave out the header and the close button, and stays named for screen readers', async () => {
    await openModal({ showHeader: false, showCloseButton: false });
    await expect.element(dialog()).toBeVisible(); // still found by its name
    expect(dialog().getByRole('heading', { name: 'Endre sted' }).element().className).toContain('sr-only');
    await expect.element(dialog().getByRole('button', { name: 'Lukk' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
