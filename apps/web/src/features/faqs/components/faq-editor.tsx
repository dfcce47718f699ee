import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Faq } from '@shared/api';
import { FAQ_QUESTION_MAX, RICH_TEXT_MAX } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { FieldError, inputClass, RichTextField } from '@/components/ui/rich-text-field';
import { useToast } from '@/components/ui/toast';
import { useCreateFaq } from '../api/create-faq';
import { useDeleteFaq } from '../api/delete-faq';
import { useUpdateFaq } from '../api/update-faq';

// Same limits as faqInputSchema in packages/shared, with the messages in Norwegian.
const faqFormSchema = z.object({
  question: z.string().trim().min(1, 'Skriv inn et spørsmål.').max(FAQ_QUESTION_MAX, `Spørsmålet kan ha maks ${FAQ_QUESTION_MAX} tegn.`),
  answer: z.string().trim().min(1, 'Skriv inn et svar.').max(RICH_TEXT_MAX, `Svaret kan ha maks ${RICH_TEXT_MAX} tegn.`),
});
type FaqFormValues = z.infer<typeof faqFormSchema>;

/** Edit fields for one FAQ (or a new one, `faq` undefined): 'Avbryt', 'Slett', 'Lagre'. */
export function FaqEditor({ faq, onDone }: { faq?: Faq; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const create = useCreateFaq();
  const update = useUpdateFaq();
  const remove = useDeleteFaq();
  const busy = create.isPending || update.isPending || remove.isPending;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FaqFormValues>({
    resolver: zodResolver(faqFormSchema),
    defaultValues: { question: faq?.question ?? '', answer: faq?.answer ?? '' },
  });

  const save = handleSubmit(async (values) => {
    try {
      if (faq) {
        await update.mutateAsync({ id: faq._id, ...values });
        toast.success('Spørsmål og svar er oppdatert');
      } else {
        await create.mutateAsync(values);
        toast.success('Spørsmål og svar er lagt til');
      }
      onDone();
    } catch {
      toast.error(faq ? 'Kunne ikke oppdatere spørsmål og svar' : 'Kunne ikke legge til spørsmål og svar');
    }
  });

  const onDelete = async () => {
    if (!faq) return;
    try {
      await remove.mutateAsync(faq._id);
      toast.success('Spørsmål og svar er slettet');
      onDone();
    } catch {
      toast.error('Kunne ikke slette spørsmål og svar');
    }
  };

  const questionId = `${id}-question`;
  return (
    <form onSubmit={save} noValidate className="space-y-4 px-4 py-4 sm:px-5" aria-label={faq ? `Rediger: ${faq.question}` : 'Nytt spørsmål'}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={questionId} className="font-semibold text-sea-900">
          Spørsmål
        </label>
        <input
          id={questionId}
          type="text"
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={errors.question ? `${questionId}-error` : undefined}
          className={inputClass(!!errors.question)}
          {...register('question')}
        />
        <FieldError id={`${questionId}-error`} message={errors.question?.message} />
      </div>
      <RichTextField label="Svar" error={errors.answer?.message} preview={watch('answer')} {...register('answer')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Avbryt
        </Button>
        {faq ? (
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
