import { useState, type FormEvent } from 'react';
import { Button } from './button';
import type { ConfirmOptions, DialogEntry } from './dialogs';
import { TextInput } from './form/text-input';
import { Modal } from './modal';

const DEFAULTS = {
  alert: { confirmText: 'Greit', cancelText: '' },
  confirm: { confirmText: 'Bekreft', cancelText: 'Avbryt' },
  prompt: { confirmText: 'OK', cancelText: 'Avbryt' },
} as const;

type Answer = boolean | string | null | undefined;

/** One alert, confirm or prompt dialog (see dialogs.ts). Loaded lazily by <DialogHost />. */
export default function DialogView({ entry, onAnswer }: { entry: DialogEntry; onAnswer: (id: number, value: Answer) => void }) {
  const { kind, options, id, closing } = entry;
  const [value, setValue] = useState(entry.kind === 'prompt' ? (entry.options.defaultValue ?? '') : '');
  // Alert has no cancel button; its only answer is "seen".
  const asking: ConfirmOptions | null = kind === 'alert' ? null : options;
  const cancelValue: Answer = kind === 'alert' ? undefined : kind === 'confirm' ? false : null;
  const dismissible = asking?.dismissible !== false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(id, kind === 'prompt' ? value : kind === 'confirm' ? true : undefined);
  };

  return (
    <Modal
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open) onAnswer(id, cancelValue);
      }}
      title={options.title}
      description={options.message}
      showCloseButton={false}
      // Spec §4: in prompt, Escape always cancels.
      closeOnEscape={dismissible || kind === 'prompt'}
      closeOnOutsideClick={dismissible}
      closing={closing}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        {entry.kind === 'prompt' ? (
          <TextInput
            label={entry.options.label ?? entry.options.title}
            hideLabel={!entry.options.label}
            type={entry.options.inputType ?? 'text'}
            placeholder={entry.options.placeholder}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            readOnly={closing}
          />
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          {asking ? (
            <Button variant={asking.cancelVariant ?? 'secondary'} onClick={() => onAnswer(id, cancelValue)}>
              {asking.cancelText ?? DEFAULTS[kind].cancelText}
            </Button>
          ) : null}
          <Button type="submit" variant={options.confirmVariant ?? 'primary'}>
            {options.confirmText ?? DEFAULTS[kind].confirmText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
