import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmText: string;
  busyText?: string;
  /** Runs on confirm; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => Promise<unknown>;
}

/** A yes/no question whose yes does the work (deleting …), busy while it runs. */
export function ConfirmModal({ open, onOpenChange, title, children, confirmText, busyText = 'Vent litt …', onConfirm }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller has shown the error; the question stays.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title}>
      <div className="space-y-4">
        {children}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Avbryt
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy ? busyText : confirmText}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
