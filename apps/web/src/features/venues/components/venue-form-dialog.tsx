import { useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { placeInputSchema, type Place, type PlaceInput } from '@shared/api';
import { PLACE_IMAGES } from '@shared/constants';
import { stripMarkup } from '@shared/course-form';
import { alert } from '@/components/ui/dialogs';
import { Checkbox, FormActions, FormError, Textarea, TextInput, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useSaveVenue } from '@/features/venues/api/venues';
import { PLACE_IMAGE_LABELS, venueImageSrc, venueImageUrl } from './venue-image';
import { VenuePhotosEditor, type PhotoChanges } from './venue-photos-editor';

interface PlaceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The venue to edit; without one the form creates a new venue (spec §4). */
  place?: Place;
  onSaved?: (place: Place) => void;
}

const emptyPlace: PlaceInput = { name: '', address: '', zipCode: '', place: '', info: '', published: true, image: null };

function toInput(place: Place | undefined): PlaceInput {
  if (!place) return emptyPlace;
  const { name, address, zipCode, published, image } = place;
  // Spec §2/§5: markup is stripped when editing.
  return { name, address, zipCode, place: place.place, info: stripMarkup(place.info), published, image };
}

function PlaceForm({
  place,
  photos,
  onDone,
  onSaved,
  children,
}: {
  place?: Place;
  photos: React.RefObject<PhotoChanges | null>;
  onDone: () => void;
  onSaved?: (place: Place) => void;
  /** The photos, between the fields and the one 'Lagre' that saves both. */
  children?: React.ReactNode;
}) {
  const id = useId();
  const mutation = useSaveVenue();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, watch, errors } = useZodForm(placeInputSchema, { defaultValues: toInput(place) });
  const busy = mutation.isPending;
  const name = watch('name');

  // One save for the dialog: the venue, then the photos' order, alt texts and cover when they changed.
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    if (photos.current && !photos.current.validate()) return setFailure('Skriv en alternativ tekst for hvert bilde.');
    let saved: Place;
    try {
      saved = await mutation.mutateAsync({ id: place?._id, input });
    } catch (error) {
      // Spec §8: the call's toast, and the form's own words where the server gave no reason (decision 029).
      toast.error(place ? 'Kunne ikke oppdatere stedet' : 'Kunne ikke opprette stedet');
      return setFailure(errorMessage(error, 'Feil ved lagring av sted'));
    }
    try {
      if (photos.current?.save) saved = await photos.current.save();
    } catch (error) {
      toast.error('Kunne ikke lagre bildene');
      return setFailure(errorMessage(error, 'Stedet er lagret, men ikke rekkefølgen, tekstene eller forsidebildet. Prøv igjen.'));
    }
    toast.success(place ? 'Stedet har blitt oppdatert' : 'Stedet har blitt opprettet');
    onSaved?.(saved);
    onDone();
  });

  return (
    <>
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextInput label="Navn" autoComplete="off" required readOnly={busy} error={errors.name?.message} {...register('name')} />
        <TextInput label="Adresse" autoComplete="off" required readOnly={busy} error={errors.address?.message} {...register('address')} />
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
          <TextInput
            label="Postnr."
            inputMode="numeric"
            maxLength={4}
            pattern="\d{4}"
            autoComplete="off"
            required
            readOnly={busy}
            error={errors.zipCode?.message}
            {...register('zipCode')}
          />
          <TextInput label="Sted" autoComplete="off" required readOnly={busy} error={errors.place?.message} {...register('place')} />
        </div>
        <Textarea label="Info" rows={4} readOnly={busy} error={errors.info?.message} {...register('info')} />
        <Controller
          control={control}
          name="image"
          render={({ field: imageField }) => (
            <fieldset>
              <legend className="font-semibold text-sea-900">Tegning</legend>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                <label className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-line p-1 text-center text-xs has-checked:border-sea-800 has-checked:bg-sea-50">
                  <input
                    type="radio"
                    name={`${id}-image`}
                    className="sr-only"
                    checked={imageField.value === null}
                    onChange={() => imageField.onChange(null)}
                  />
                  <img src={venueImageSrc(name || '')} alt="" width={96} height={60} className="aspect-[8/5] w-full rounded-lg object-cover" />
                  Etter navn
                </label>
                {PLACE_IMAGES.map((key) => (
                  <label
                    key={key}
                    className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-line p-1 text-center text-xs has-checked:border-sea-800 has-checked:bg-sea-50 has-focus-visible:outline-2 has-focus-visible:outline-sea-800"
                  >
                    <input
                      type="radio"
                      name={`${id}-image`}
                      value={key}
                      className="sr-only"
                      checked={imageField.value === key}
                      onChange={() => imageField.onChange(key)}
                    />
                    <img src={venueImageUrl(key)} alt="" width={96} height={60} loading="lazy" className="aspect-[8/5] w-full rounded-lg object-cover" />
                    {PLACE_IMAGE_LABELS[key]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <Checkbox label="Publisert" disabled={busy} {...register('published')} />
      </form>
      {children}
      <div className="mt-4 space-y-3">
        <FormError>{failure}</FormError>
        <FormActions
          form={`${id}-form`}
          onCancel="modal"
          // Spec §2: deleting a venue is not possible yet; the admin is told so.
          onDelete={place ? () => void alert({ title: 'Slett kurssted', message: 'Sletting av kursstedet er foreløpig ikke mulig.' }) : undefined}
          busy={busy}
        />
      </div>
    </>
  );
}

/** The venue form modal: 'Endre sted' with a venue, 'Legg til sted' without (spec §2). */
export function VenueFormDialog({ open, onOpenChange, place, onSaved }: PlaceFormDialogProps) {
  const photos = useRef<PhotoChanges | null>(null);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={place ? 'Endre sted' : 'Legg til sted'} size="lg" closeOnOutsideClick={false}>
      {open ? (
        <PlaceForm place={place} photos={photos} onSaved={onSaved} onDone={() => onOpenChange(false)}>
          {/* Photos belong to a saved venue: a new one gets them after its first save. */}
          {place ? <VenuePhotosEditor place={place} changes={photos} /> : <p className="mt-4 text-muted">Lagre kursstedet først, så kan du laste opp bilder.</p>}
        </PlaceForm>
      ) : null}
    </Modal>
  );
}
