import { useLogError } from '../hooks/use-log-error';
import { useVenues } from '@/features/venues/api/venues';
import { laterCardClass, VenueGridCard, VenueGridLoading, venueGridClass, VenuesLoadError } from './venue-grid-card';

/** All places as cards (home page). Loading: 8 skeleton cards; none: 'Fant ingen kurssteder'. */
export function VenueGrid() {
  const { data, isPending, isError, error } = useVenues();
  useLogError(error, 'Kunne ikke hente kurssteder');
  if (isPending) return <VenueGridLoading />;
  if (isError) return <VenuesLoadError />;
  if (data.length === 0) {
    return <p className="rounded-2xl bg-sand-100 p-6 text-lg text-muted">Fant ingen kurssteder</p>;
  }
  return (
    <ul className={venueGridClass}>
      {data.map((place, i) => (
        <li key={place._id} className={i < 2 ? undefined : laterCardClass}>
          <VenueGridCard place={place} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}
