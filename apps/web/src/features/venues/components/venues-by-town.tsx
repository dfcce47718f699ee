import { Skeleton } from '@/components/ui/skeleton';
import { asciiSlug } from '@/lib/format';
import { useVenues } from '@/features/venues/api/venues';
import { useLogError } from '../hooks/use-log-error';
import { useVenuesByTown } from '../hooks/use-venues-by-town';
import { laterCardClass, VenueGridCard, VenueGridLoading, venueGridClass, VenuesLoadError } from './venue-grid-card';

/** /kurs: one section per town headed 'Babysvømming {town}', each with its place cards. */
export function VenuesByTown() {
  const { data, isPending, error } = useVenues();
  useLogError(error, 'Kunne ikke hente kurssteder');
  const groups = useVenuesByTown(data);

  if (isPending) return <VenueGridLoading heading={<Skeleton className="mb-4 h-8 w-64" />} />;
  // Decision 029: a failed fetch says so, instead of 'Fant ingen kurssteder i {town}' for every town.
  if (error) return <VenuesLoadError />;

  // The page's first two pictures, in whichever towns they are, are the largest paint on a phone (as in VenueGrid).
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
            <ul className={venueGridClass}>
              {group.places.map((place) => (
                <li key={place._id} className={firstTwo.has(place._id) ? undefined : laterCardClass}>
                  <VenueGridCard place={place} eager={firstTwo.has(place._id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
