import { Skeleton } from '@/components/ui/skeleton';
import { asciiSlug } from '@/lib/format';
import { usePlaces } from '@/features/places/api/places';
import { useLogError } from '../hooks/use-log-error';
import { usePlacesByTown } from '../hooks/use-places-by-town';
import { laterCardClass, PlaceCard, PlaceGridLoading, placeGridClass, PlacesLoadError } from './place-card';

/** /kurs: one section per town headed 'Babysvømming {town}', each with its place cards. */
export function PlacesByTown() {
  const { data, isPending, error } = usePlaces();
  useLogError(error, 'Kunne ikke hente kurssteder');
  const groups = usePlacesByTown(data);

  if (isPending) return <PlaceGridLoading heading={<Skeleton className="mb-4 h-8 w-64" />} />;
  // Decision 029: a failed fetch says so, instead of 'Fant ingen kurssteder i {town}' for every town.
  if (error) return <PlacesLoadError />;

  // The page's first two pictures, in whichever towns they are, are the largest paint on a phone (as in PlaceGrid).
  const firstTwo = new Set(groups.flatMap((group) => group.places).slice(0, 2).map((place) => place._id));

  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <section key={group.town} aria-labelledby={`by-${asciiSlug(group.town)}`}>
          <h2 id={`by-${asciiSlug(group.town)}`} className="mb-4 text-2xl font-bold text-sea-900">
            Babysvømming {group.town}
          </h2>
          {group.places.length === 0 ? (
            <p className="rounded-2xl bg-sand-100 p-5 text-muted">Fant ingen kurssteder i {group.town}</p>
          ) : (
            <ul className={placeGridClass}>
              {group.places.map((place) => (
                <li key={place._id} className={firstTwo.has(place._id) ? undefined : laterCardClass}>
                  <PlaceCard place={place} eager={firstTwo.has(place._id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
