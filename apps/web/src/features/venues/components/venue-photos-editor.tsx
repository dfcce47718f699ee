import { useState } from 'react';
import { z } from 'zod';
import { photoUploadQuerySchema, type Place, type PlacePhoto } from '@shared/api';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PLACE, photoUrl } from '@shared/constants';
import { confirm } from '@/components/ui/dialogs';
import { Button } from '@/components/ui/button';
import { Field, FormError, TextInput, controlClass, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { arrangePhotos, deletePhoto, replacePhoto, uploadPhoto, useVenueMutation } from '@/features/venues/api/venues';

const ACCEPTED = 'image/jpeg,image/png,image/webp';
const MAX_MB = MAX_PHOTO_BYTES / 1024 / 1024;

/** What the browser can tell before the upload; the server decodes the file and has the last word. */
export function photoFileProblem(file: File | undefined): string | null {
  if (!file) return 'Velg et bilde';
  if (/\.(heic|heif)$/i.test(file.name) || /hei[cf]/i.test(file.type)) return 'HEIC-bilder støttes ikke. Send bildet som JPEG.';
  if (file.type && !ACCEPTED.split(',').includes(file.type)) return 'Bildet må være JPEG, PNG eller WebP';
  if (file.size > MAX_PHOTO_BYTES) return `Bildet er for stort (høyst ${MAX_MB} MB)`;
  return null;
}

const uploadSchema = z.object({
  alt: photoUploadQuerySchema.shape.alt,
  file: z.custom<FileList>((files) => typeof FileList !== 'undefined' && files instanceof FileList && files.length === 1, 'Velg et bilde'),
});

function UploadForm({ place, onChanged }: { place: Place; onChanged: (place: Place) => void }) {
  const mutation = useVenueMutation(({ file, alt }: { file: File; alt: string }) => uploadPhoto(place._id, file, alt));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(uploadSchema, { defaultValues: { alt: '' }, messages: { alt: { required: 'Skriv en alternativ tekst som beskriver bildet' } } });
  const { register, handleSubmit, setError, reset, errors } = form;
  const full = place.photos.length >= MAX_PHOTOS_PER_PLACE;
  const submit = handleSubmit(({ alt, file }) => {
    const chosen = file[0];
    const problem = photoFileProblem(chosen);
    if (problem) return setError('file', { message: problem });
    setFailure(null);
    mutation.mutate(
      { file: chosen!, alt },
      {
        onSuccess: (saved) => {
          toast.success('Bildet er lastet opp');
          reset({ alt: '' });
          onChanged(saved);
        },
        onError: (error) => setFailure(errorMessage(error, 'Kunne ikke laste opp bildet')),
      },
    );
  });
  if (full) return <p className="text-muted">Kursstedet har {MAX_PHOTOS_PER_PLACE} bilder, som er det meste. Slett et bilde for å laste opp et nytt.</p>;
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-xl border border-line p-3" aria-busy={mutation.isPending}>
      <h4 className="font-semibold text-sea-900">Last opp bilde</h4>
      <Field label="Bildefil" hint={`JPEG, PNG eller WebP, høyst ${MAX_MB} MB.`} error={errors.file?.message}>
        {(control) => <input type="file" accept={ACCEPTED} {...register('file')} {...control} className={controlClass(!!errors.file)} />}
      </Field>
      <TextInput label="Alternativ tekst" hint="Beskriv hva bildet viser, for dem som ikke ser det." required error={errors.alt?.message} {...register('alt')} />
      <FormError>{failure}</FormError>
      <Button type="submit" disabled={mutation.isPending}>
        Last opp bilde
      </Button>
    </form>
  );
}

interface Row {
  _id: string;
  alt: string;
}

/** What the venue dialog's one 'Lagre' asks of the photos: whether they are valid, and a save when they have changed. */
export interface PhotoChanges {
  /** Marks missing alt texts; false when the photos cannot be saved as they are. */
  validate(): boolean;
  /** Saves the order, alt texts and cover; undefined when nothing changed. */
  save: (() => Promise<Place>) | undefined;
}

/** The venue form's photos: uploads and deletions at once; order, alt texts and cover with the dialog's 'Lagre'. */
export function VenuePhotosEditor({ place: initial, changes }: { place: Place; changes: React.RefObject<PhotoChanges | null> }) {
  const [place, setPlace] = useState(initial);
  const [rows, setRows] = useState<Row[]>(initial.photos.map(({ _id, alt }) => ({ _id, alt })));
  const [coverId, setCoverId] = useState<string | null>(initial.photos.find((p) => p.cover)?._id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [altErrors, setAltErrors] = useState<Record<string, string>>({});
  const arrange = useVenueMutation(() => arrangePhotos(place._id, { photos: rows, coverId }));
  const remove = useVenueMutation((photoId: string) => deletePhoto(place._id, photoId));
  const replace = useVenueMutation(({ photoId, file }: { photoId: string; file: File }) => replacePhoto(place._id, photoId, file));
  const byId = new Map<string, PlacePhoto>(place.photos.map((p) => [p._id, p]));

  const changed = (saved: Place) => {
    setPlace(saved);
    // Rows keep the admin's unsaved alt texts and order; new photos join last, deleted ones leave.
    setRows((before) => {
      const kept = before.filter((r) => saved.photos.some((p) => p._id === r._id));
      const added = saved.photos.filter((p) => !before.some((r) => r._id === p._id)).map(({ _id, alt }) => ({ _id, alt }));
      return [...kept, ...added];
    });
    setCoverId(saved.photos.find((p) => p.cover)?._id ?? null);
  };
  const fail = (fallback: string) => (error: unknown) => {
    const text = errorMessage(error, fallback);
    setFailure(text);
    toast.error(text);
  };
  const move = (index: number, by: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });

  const saved = place.photos;
  const dirty =
    rows.length !== saved.length ||
    rows.some((r, i) => r._id !== saved[i]?._id || r.alt !== saved[i]?.alt) ||
    coverId !== (saved.find((p) => p.cover)?._id ?? null);
  changes.current = {
    validate: () => {
      const missing = Object.fromEntries(rows.filter((r) => !r.alt.trim()).map((r) => [r._id, 'Alternativ tekst må fylles ut']));
      setAltErrors(missing);
      return Object.keys(missing).length === 0;
    },
    save: dirty ? () => arrange.mutateAsync(undefined).then((saved) => (changed(saved), saved)) : undefined,
  };
  const onDelete = async (photoId: string) => {
    if (!(await confirm({ title: 'Slett bilde', message: 'Vil du slette bildet?', confirmText: 'Slett', confirmVariant: 'danger' }))) return;
    remove.mutate(photoId, { onSuccess: (saved) => (changed(saved), toast.success('Bildet er slettet')), onError: fail('Kunne ikke slette bildet') });
  };
  const onReplace = (photoId: string, file: File | undefined) => {
    const problem = photoFileProblem(file);
    if (problem) return void setFailure(problem);
    replace.mutate({ photoId, file: file! }, { onSuccess: (saved) => (changed(saved), toast.success('Bildet er byttet')), onError: fail('Kunne ikke bytte bildet') });
  };
  const busy = arrange.isPending || remove.isPending || replace.isPending;

  return (
    <section aria-labelledby="place-photos-title" className="mt-6 space-y-4 border-t border-line pt-4">
      <h3 id="place-photos-title" className="text-lg font-bold text-sea-900">
        Bilder
      </h3>
      {rows.length === 0 ? <p className="text-muted">Kursstedet har ingen bilder ennå, så tegningen over vises.</p> : null}
      {rows.length > 0 ? (
        <div aria-busy={busy} className="space-y-3">
          <p className="text-sm text-muted">Opplasting, bytte og sletting skjer med en gang. Rekkefølgen, tekstene og forsidebildet lagres med «Lagre».</p>
          <ol className="space-y-3">
            {rows.map((row, index) => {
              const photo = byId.get(row._id);
              const number = index + 1;
              return (
                <li key={row._id} className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                  {photo ? <img src={photoUrl(photo.hash, 'w480.webp')} alt="" width={128} height={80} className="aspect-[8/5] w-32 rounded-lg object-cover" /> : null}
                  <div className="space-y-2">
                    <TextInput
                      label={`Alternativ tekst, bilde ${number}`}
                      value={row.alt}
                      required
                      error={altErrors[row._id]}
                      onChange={(e) => setRows((list) => list.map((r) => (r._id === row._id ? { ...r, alt: e.target.value } : r)))}
                    />
                    <label className="flex min-h-11 items-center gap-2">
                      <input type="radio" name="cover" checked={coverId === row._id} onChange={() => setCoverId(row._id)} aria-label={`Forsidebilde, bilde ${number}`} className="size-5" />
                      Forsidebilde
                    </label>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Flytt bilde ${number} opp`}>
                        Opp
                      </Button>
                      <Button variant="secondary" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={`Flytt bilde ${number} ned`}>
                        Ned
                      </Button>
                      <Button variant="danger" disabled={busy} onClick={() => void onDelete(row._id)} aria-label={`Slett bilde ${number}`}>
                        Slett
                      </Button>
                    </div>
                    <Field label={`Bytt bilde ${number}`}>
                      {(control) => (
                        <input type="file" accept={ACCEPTED} disabled={busy} {...control} className={controlClass(false)} onChange={(e) => onReplace(row._id, e.target.files?.[0])} />
                      )}
                    </Field>
                  </div>
                </li>
              );
            })}
          </ol>
          <FormError>{failure}</FormError>
        </div>
      ) : null}
      <UploadForm place={place} onChanged={changed} />
    </section>
  );
}
