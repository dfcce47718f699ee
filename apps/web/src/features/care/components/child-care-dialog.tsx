import { useId } from 'react';
import { careTexts, childCareInputSchema, HEALTH_NOTE_MAX, type ChildCare, type HealthNoteRead } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Textarea, TextInput, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { displayPhone, formatDateTime } from '@/lib/format';
import { useChildCare, useHealthNoteReads, useSaveChildCare } from '../api/child-care';

const READ_VIA = { list: 'i kurslisten', print: 'på utskrift av kurslisten', child: 'da barnet ble åpnet' } as const;

function readLine(r: HealthNoteRead) {
  const who = `${r.readerName} (${r.readerRole === 'admin' ? 'administrator' : 'instruktør'})`;
  return `${formatDateTime(r.readAt)}: ${who} ${READ_VIA[r.via]}${r.courseName ? `, ${r.courseName}` : ''}`;
}

/** Who read the note and when (newest first). */
function ReadLog({ childId }: { childId: string }) {
  const reads = useHealthNoteReads(childId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-sand-100 p-3">
      <h3 id={headingId} className="font-semibold text-sea-900">
        Hvem har lest helseopplysningene
      </h3>
      {reads.isPending ? (
        <p role="status">Laster …</p>
      ) : reads.isError ? (
        <p role="alert">Kunne ikke hente loggen</p>
      ) : reads.data.reads.length === 0 ? (
        <p>Ingen har lest dem ennå.</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" aria-label="Lesinger">
          {reads.data.reads.map((r, i) => (
            <li key={i}>{readLine(r)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CareForm({ care, editable, onDone }: { care: ChildCare; editable: boolean; onDone: () => void }) {
  const texts = careTexts(care.retention);
  const save = useSaveChildCare();
  const { register, handleSubmit, watch, errors } = useZodForm(childCareInputSchema, {
    defaultValues: {
      emergencyName: care.emergencyContact?.name ?? '',
      emergencyPhone: care.emergencyContact ? displayPhone(care.emergencyContact.phone) : '',
      healthNote: care.healthNote ?? '',
      healthConsent: care.healthConsent,
      photoConsent: care.photoConsent,
    },
  });
  const consent = watch('healthConsent');
  const busy = save.isPending;
  const submit = handleSubmit((values) =>
    save.mutate(
      // Without the consent the note is not sent: the field stays empty, and the server deletes a saved one.
      { childId: care.childId, ...values, healthNote: values.healthConsent ? values.healthNote : '' },
      {
        onSuccess: () => {
          toast.success('Opplysningene er lagret');
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, { fallback: 'Kunne ikke lagre opplysningene' })),
      },
    ),
  );
  const error = (name: keyof typeof errors) => errors[name]?.message;
  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-busy={busy}>
      <fieldset className="space-y-3" disabled={!editable || busy}>
        <legend className="text-lg font-bold text-sea-900">Nødkontakt</legend>
        <p className="text-sm text-muted">Hvis noen andre enn de foresatte skal ringes. {texts.emergencyContact}</p>
        <TextInput label="Navn" autoComplete="off" maxLength={100} error={error('emergencyName')} {...register('emergencyName')} />
        <TextInput label="Telefon" type="tel" autoComplete="off" maxLength={30} error={error('emergencyPhone')} {...register('emergencyPhone')} />
      </fieldset>
      <fieldset className="space-y-3" disabled={!editable || busy}>
        <legend className="text-lg font-bold text-sea-900">Helseopplysninger</legend>
        <p className="text-sm text-muted">{texts.healthNote}</p>
        <Checkbox
          label="Jeg samtykker til at instruktørene på barnets kurs får se helseopplysningene under"
          hint="Uten samtykke lagres ingenting, og tar du bort samtykket, slettes opplysningene med en gang."
          error={error('healthConsent')}
          {...register('healthConsent')}
        />
        <Textarea
          label="Helseopplysninger (allergier, epilepsi, astma …)"
          // Read-only until the consent is ticked, and it says so (walk-through 06.12, finding 15).
          hint={consent ? `Valgfritt, maks ${HEALTH_NOTE_MAX} tegn.` : 'Kryss av for samtykket over for å skrive her.'}
          rows={4}
          maxLength={HEALTH_NOTE_MAX}
          // Not `disabled` (react-hook-form would drop the value): without the consent nothing is sent anyway.
          readOnly={!consent}
          error={error('healthNote')}
          {...register('healthNote')}
        />
      </fieldset>
      <fieldset className="space-y-3" disabled={!editable || busy}>
        <legend className="text-lg font-bold text-sea-900">Foto</legend>
        <Checkbox label="Barnet kan være med på bilder fra kurset" hint={texts.photo} {...register('photoConsent')} />
      </fieldset>
      {Object.keys(errors).length ? <FormError>Rett opp feltene som er merket</FormError> : null}
      <ReadLog childId={care.childId} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {editable ? 'Avbryt' : 'Lukk'}
        </Button>
        {editable ? <Button type="submit">{busy ? 'Lagrer …' : 'Lagre'}</Button> : null}
      </div>
    </form>
  );
}

/** Per child on /profil: emergency contact, health note, photo consent, and who read the note (an admin only reads). */
export function ChildCareDialog({ child, editable, onClose }: { child: { _id: string; name: string } | null; editable: boolean; onClose: () => void }) {
  const care = useChildCare(child?._id);
  return (
    <Modal open={!!child} onOpenChange={(open) => !open && onClose()} title={child ? `Helse og kontakt, ${child.name}` : 'Helse og kontakt'} size="lg">
      {care.isPending ? (
        <p role="status">Laster …</p>
      ) : care.isError ? (
        <p role="alert">Kunne ikke hente opplysningene</p>
      ) : (
        <CareForm key={care.data.childId} care={care.data} editable={editable} onDone={onClose} />
      )}
    </Modal>
  );
}
