import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RICH_TEXT_MAX } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { FieldError, inputClass, RichTextField } from '@/components/ui/rich-text-field';
import { useToast } from '@/components/ui/toast';
import { useDeleteTerm } from '../api/delete-term';
import { useSaveTerm } from '../api/save-term';

// Same limits as termInputSchema in packages/shared, with the messages in Norwegian.
const termFormSchema = z.object({
  category: z.string().trim().min(1, 'Skriv inn en kategori.').max(200, 'Kategorien kan ha maks 200 tegn.'),
  text: z.string().trim().min(1, 'Skriv inn en tekst.').max(RICH_TEXT_MAX, `Teksten kan ha maks ${RICH_TEXT_MAX} tegn.`),
  priority: z.number({ error: 'Prioritet må være et helt tall.' }).int('Prioritet må være et helt tall.').min(-1_000_000).max(1_000_000),
});
type TermFormValues = z.infer<typeof termFormSchema>;

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
  const toast = useToast();
  const save = useSaveTerm();
  const remove = useDeleteTerm();
  const busy = save.isPending || remove.isPending;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TermFormValues>({
    resolver: zodResolver(termFormSchema),
    defaultValues: { category: term.category, text: term.text, priority: term.priority },
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
    try {
      await remove.mutateAsync(term._id);
      toast.success('Regel/betingelse ble slettet');
      onDone();
    } catch {
      toast.error('Kunne ikke slette regel/betingelse');
    }
  };

  const categoryId = `${id}-category`;
  const priorityId = `${id}-priority`;
  const listId = `${id}-categories`;
  return (
    <form
      onSubmit={onSave}
      noValidate
      aria-label={term._id ? 'Rediger regel/betingelse' : 'Ny regel/betingelse'}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-2 ring-sea-700/40"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={categoryId} className="font-semibold text-sea-900">
            Kategori
          </label>
          <input
            id={categoryId}
            type="text"
            list={listId}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${categoryId}-error` : undefined}
            className={inputClass(!!errors.category)}
            {...register('category')}
          />
          <datalist id={listId}>
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FieldError id={`${categoryId}-error`} message={errors.category?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={priorityId} className="font-semibold text-sea-900">
            Prioritet
          </label>
          <input
            id={priorityId}
            type="number"
            step={1}
            inputMode="numeric"
            aria-invalid={errors.priority ? true : undefined}
            aria-describedby={errors.priority ? `${priorityId}-error` : undefined}
            className={inputClass(!!errors.priority)}
            {...register('priority', { valueAsNumber: true })}
          />
          <FieldError id={`${priorityId}-error`} message={errors.priority?.message} />
        </div>
      </div>
      <RichTextField label="Tekst" error={errors.text?.message} preview={watch('text')} {...register('text')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Avbryt
        </Button>
        {term._id ? (
          <Button variant="secondary" onClick={onDelete} disabled={busy}>
            Slett
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          Lagre
        </Button>
      </div>
    </form>
  );
}
