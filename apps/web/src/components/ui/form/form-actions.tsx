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

/** The buttons under an edit form: 'Avbryt', 'Slett' for an existing item, and 'Lagre' (submits the form). */
export function FormActions({ onCancel, onDelete, busy = false, form }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      {onCancel === 'modal' ? (
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
      ) : (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Avbryt
        </Button>
      )}
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
