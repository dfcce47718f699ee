import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../button';
import { Modal } from '../modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** 'danger' (red) for deleting; default 'primary'. */
  confirmVariant?: ButtonVariant;
  /** Runs on confirm: busy while pending, closes when it resolves, stays open when it throws. */
  onConfirm: () => void | Promise<unknown>;
  busyText?: string;
  /** Extra content between the message and the buttons. */
  children?: ReactNode;
}

/** A confirm dialog whose confirm step does the work and shows it is busy; for a plain yes/no, `await confirm({…})`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmText = 'Bekreft',
  cancelText = 'Avbryt',
  confirmVariant = 'primary',
  onConfirm,
  busyText = 'Vent litt …',
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure; the dialog stays so the user may try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      role="alertdialog"
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={message}
      showCloseButton={false}
      closeOnOutsideClick={!busy}
      closeOnEscape={!busy}
    >
      {children}
      <div className={`flex flex-wrap justify-end gap-3 ${children ? 'mt-5' : ''}`}>
        <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
          {cancelText}
        </Button>
        <Button variant={confirmVariant} disabled={busy} aria-busy={busy || undefined} onClick={() => void run()}>
          {busy ? busyText : confirmText}
        </Button>
      </div>
    </Modal>
  );
}
