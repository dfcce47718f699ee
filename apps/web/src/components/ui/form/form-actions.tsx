import { Button } from '../button';
import { ModalClose } from '../modal';

export interface FormActionsProps {
  /** 'Avbryt': a handler for a form on the page, or 'modal' to close the modal the form is in. */
  onCancel: (() => void) | 'modal';
  /** 'Slett' shows only with a handler (an existing item). */
  onDelete?: () => void;
  busy?: boolean;
  /** The id of the form 'Lagre' submits, when the buttons sit after it (a dialog with more below its form). */
  form?: string;
}

/** 'Avbryt': closes the modal it stands in, or calls the handler (then locked while `busy`). */
function CancelButton({ onCancel, busy, variant = 'secondary' }: { onCancel: (() => void) | 'modal'; busy: boolean; variant?: 'secondary' | 'ghost' }) {
  return onCancel === 'modal' ? (
    <ModalClose asChild>
      <Button variant="secondary">Avbryt</Button>
    </ModalClose>
  ) : (
    <Button variant={variant} onClick={onCancel} disabled={busy}>
      Avbryt
    </Button>
  );
}

/** The buttons under an edit form: 'Avbryt', 'Slett' for an existing item, and 'Lagre' (submits the form). */
export function FormActions({ onCancel, onDelete, busy = false, form }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <CancelButton onCancel={onCancel} busy={busy} variant="ghost" />
      {onDelete ? (
        <Button variant="secondary" onClick={onDelete} disabled={busy}>
          Slett
        </Button>
      ) : null}
      <Button type="submit" form={form} disabled={busy}>
        Lagre
      </Button>
    </div>
  );
}

export interface CancelAndActProps {
  /** 'Avbryt': a handler, or 'modal' to close the modal the form is in. */
  onCancel: (() => void) | 'modal';
  busy: boolean;
  /** The action button's text, and its text while `busy` (default the same). */
  text: string;
  busyText?: string;
  /** Without it the action submits the form it stands in. */
  onAct?: () => void;
  className?: string;
}

/** 'Avbryt' and one action (a dialog's form: 'Send invitasjon', 'Refunder' …), both locked while `busy`. */
export function CancelAndAct({ onCancel, busy, text, busyText = text, onAct, className = 'flex flex-wrap justify-end gap-2' }: CancelAndActProps) {
  return (
    <div className={className}>
      <CancelButton onCancel={onCancel} busy={busy} />
      <Button type={onAct ? 'button' : 'submit'} onClick={onAct} disabled={busy}>
        {busy ? busyText : text}
      </Button>
    </div>
  );
}
