import { useId } from 'react';
import { termInputSchema } from '@shared/api';
import { overlapsCancellationRules } from '@shared/cancellation';
import { RICH_TEXT_MAX } from '@shared/constants';
import { FormActions, TextInput, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { confirm } from '@/components/ui/dialogs';
import { RichTextField } from '@/components/ui/rich-text-field';
import { toast } from '@/components/ui/toast';
import { useDeleteTerm, useSaveTerm } from '@/features/terms/api/terms';

const wholeNumber = 'Prioritet må være et helt tall.';
const priorityRange = 'Prioritet må være mellom -1 000 000 og 1 000 000.';
const messages = {
  category: { required: 'Skriv inn en kategori.', too_big: 'Kategorien kan ha maks 200 tegn.' },
  text: { required: 'Skriv inn en tekst.', too_big: `Teksten kan ha maks ${RICH_TEXT_MAX} tegn.` },
  priority: { required: wholeNumber, invalid_type: wholeNumber, not_integer: wholeNumber, too_small: priorityRange, too_big: priorityRange },
};

export interface EditableTerm {
  /** '' for a new term (spec §4: a new term starts with an empty id and priority 0). */
  _id: string;
  category: string;
  text: string;
  priority: number;
}

/** Edit fields for a term: 'Avbryt' discards, 'Slett' deletes, 'Lagre' creates or updates. */
export function TermEditor({ term, categories, onDone }: { term: EditableTerm; categories: string[]; onDone: () => void }) {
  const id = useId();
  const save = useSaveTerm();
  const remove = useDeleteTerm();
  const busy = save.isPending || remove.isPending;
  const { register, handleSubmit, watch, errors } = useZodForm(termInputSchema, {
    defaultValues: { category: term.category, text: term.text, priority: term.priority },
    messages,
  });

  const onSave = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: term._id, ...values });
      toast.success(term._id ? 'Regel/betingelse ble oppdatert' : 'Regel/betingelse ble opprettet');
      onDone();
    } catch {
      toast.error(term._id ? 'Kunne ikke oppdatere regel/betingelse' : 'Kunne ikke opprette regel/betingelse');
    }
  });

  const onDelete = async () => {
    const yes = await confirm({
      title: 'Slett regel/betingelse?',
      message: 'Teksten slettes fra regler og betingelser.',
      confirmText: 'Slett',
      confirmVariant: 'danger',
      cancelText: 'Behold',
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(term._id);
      toast.success('Regel/betingelse ble slettet');
      onDone();
    } catch {
      toast.error('Kunne ikke slette regel/betingelse');
    }
  };

  const listId = `${id}-categories`;
  return (
    <form
      onSubmit={onSave}
      noValidate
      aria-label={term._id ? 'Rediger regel/betingelse' : 'Ny regel/betingelse'}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-2 ring-sea-700/40"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
        <div>
          <TextInput label="Kategori" list={listId} error={errors.category?.message} {...register('category')} />
          <datalist id={listId}>
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <WholeNumberInput
          label="Prioritet"
          error={errors.priority?.message}
          {...register('priority', { valueAsNumber: true })}
        />
      </div>
      <RichTextField label="Tekst" error={errors.text?.message} preview={watch('text')} {...register('text')} />
      {overlapsCancellationRules(watch('category'), watch('text')) ? (
        <p role="status" className="rounded-xl bg-warning-bg p-3 font-medium text-warning">
          Avbestilling og refusjon står allerede i den faste delen «Avbestilling», som lages av avbestillingsreglene. Skriv ikke egne regler
          om det her: endre heller avbestillingsreglene, så sier vilkårene det samme overalt.
        </p>
      ) : null}
      <FormActions onCancel={onDone} onDelete={term._id ? onDelete : undefined} busy={busy} />
    </form>
  );
}
