import { faqInputSchema, type Faq } from '@shared/api';
import { FAQ_QUESTION_MAX, RICH_TEXT_MAX } from '@shared/constants';
import { FormActions, TextInput, useZodForm } from '@/components/ui/form';
import { confirm } from '@/components/ui/dialogs';
import { RichTextField } from '@/components/ui/rich-text-field';
import { toast } from '@/components/ui/toast';
import { useCreateFaq, useDeleteFaq, useUpdateFaq } from '@/features/faqs/api/faqs';

const messages = {
  question: { required: 'Skriv inn et spørsmål.', too_big: `Spørsmålet kan ha maks ${FAQ_QUESTION_MAX} tegn.` },
  answer: { required: 'Skriv inn et svar.', too_big: `Svaret kan ha maks ${RICH_TEXT_MAX} tegn.` },
};

/** Edit fields for one FAQ (or a new one, `faq` undefined): 'Avbryt', 'Slett', 'Lagre'. */
export function FaqEditor({ faq, onDone }: { faq?: Faq; onDone: () => void }) {
  const create = useCreateFaq();
  const update = useUpdateFaq();
  const remove = useDeleteFaq();
  const busy = create.isPending || update.isPending || remove.isPending;
  const { register, handleSubmit, watch, errors } = useZodForm(faqInputSchema, {
    defaultValues: { question: faq?.question ?? '', answer: faq?.answer ?? '' },
    messages,
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
    const yes = await confirm({
      title: 'Slett spørsmålet?',
      message: `«${faq.question}» og svaret slettes fra forsiden.`,
      confirmText: 'Slett',
      confirmVariant: 'danger',
      cancelText: 'Behold',
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(faq._id);
      toast.success('Spørsmål og svar er slettet');
      onDone();
    } catch {
      toast.error('Kunne ikke slette spørsmål og svar');
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4 px-4 py-4 sm:px-5" aria-label={faq ? `Rediger: ${faq.question}` : 'Nytt spørsmål'}>
      <TextInput label="Spørsmål" error={errors.question?.message} {...register('question')} />
      <RichTextField label="Svar" error={errors.answer?.message} preview={watch('answer')} {...register('answer')} />
      <FormActions onCancel={onDone} onDelete={faq ? onDelete : undefined} busy={busy} />
    </form>
  );
}
