import type { ReactNode } from 'react';
import { DIALOG_EXIT_MS } from '@shared/constants';
import type { ButtonVariant } from './button';

interface CommonOptions {
  /** The dialog's heading (also its accessible name). */
  title: string;
  /** The text under the heading. */
  message?: ReactNode;
  /** Text of the answering button. */
  confirmText?: string;
  /** Colour of the answering button: 'primary' (blue, default) or 'danger' (red, for deleting). */
  confirmVariant?: ButtonVariant;
}

export type AlertOptions = CommonOptions;

export interface ConfirmOptions extends CommonOptions {
  cancelText?: string;
  cancelVariant?: ButtonVariant;
  /** Escape and a click outside cancel (default true). */
  dismissible?: boolean;
}

export interface PromptOptions extends ConfirmOptions {
  /** The input's visible label; without one the title names the input for screen readers. */
  label?: string;
  defaultValue?: string;
  placeholder?: string;
  /** The input's type (default 'text'). */
  inputType?: 'text' | 'email' | 'tel' | 'number' | 'password' | 'url' | 'date';
}

export type DialogRequest =
  | { kind: 'alert'; options: AlertOptions; resolve: (value: undefined) => void }
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (value: boolean) => void }
  | { kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void };

export type DialogEntry = DialogRequest & { id: number; closing: boolean };

// Open dialogs, outside React, so `await confirm({…})` works from any code; <DialogHost /> shows them.
let entries: readonly DialogEntry[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function setEntries(next: readonly DialogEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

export const dialogStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => entries,
  /** Drops every dialog at once, unanswered (tests start from an empty page). */
  reset: () => setEntries([]),
  /** Answers a dialog at once; the dialog then plays its 300 ms exit (spec §4). A second answer is ignored. */
  answer(id: number, value: boolean | string | null | undefined) {
    const entry = entries.find((e) => e.id === id);
    if (!entry || entry.closing) return;
    (entry.resolve as (value: unknown) => void)(value);
    setEntries(entries.map((e) => (e.id === id ? { ...e, closing: true } : e)));
    window.setTimeout(() => setEntries(entries.filter((e) => e.id !== id)), DIALOG_EXIT_MS);
  },
};

function open<R extends DialogRequest>(kind: R['kind'], options: R['options']) {
  return new Promise<Parameters<R['resolve']>[0]>((resolve) => {
    setEntries([...entries, { id: ++counter, kind, options, resolve, closing: false } as DialogEntry]);
  });
}

/** Spec §2 alert: a message and one button ('Greit' by default). Resolves when it is closed. */
export const alert = (options: AlertOptions): Promise<void> => open('alert', options).then(() => undefined);

/** Spec §2 confirm: true for the confirm button; false for cancel, Escape or a click outside. */
export const confirm = (options: ConfirmOptions): Promise<boolean> => open('confirm', options).then((v) => v === true);

/** Spec §2 prompt: the text typed, or null when cancelled. */
export const prompt = (options: PromptOptions): Promise<string | null> =>
  open('prompt', options).then((v) => (typeof v === 'string' ? v : null));
