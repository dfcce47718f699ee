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
  /**
   * Runs on confirm. While its promise is pending the buttons are busy (`busyText` shown); when it resolves the dialog
   * closes, when it throws the dialog stays open (show the error with `toast.error(errorMessage(error, …))`).
   */
  onConfirm: () => void | Promise<unknown>;
  busyText?: string;
  /** Extra content between the message and the buttons. */
  children?: ReactNode;
}

/**
 * A confirm dialog as a component, for when the confirm step itself does the work and must show it is busy
 * ('Slett barnet?' → deleting …). For a plain yes/no question, `await confirm({…})` (components/ui/dialogs) is shorter.
 */
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
