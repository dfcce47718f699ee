import { useLogError } from '../hooks/use-log-error';
import { usePlaces } from '@/features/places/api/places';
import { laterCardClass, PlaceCard, PlaceGridLoading, placeGridClass, PlacesLoadError } from './place-card';

/** All places as cards (home page). Loading: 8 skeleton cards; none: 'Fant ingen kurssteder'. */
export function PlaceGrid() {
  const { data, isPending, isError, error } = usePlaces();
  useLogError(error, 'Kunne ikke hente kurssteder');
  if (isPending) return <PlaceGridLoading />;
  if (isError) return <PlacesLoadError />;
  if (data.length === 0) {
    return <p className="rounded-2xl bg-sand-100 p-6 text-lg text-muted">Fant ingen kurssteder</p>;
  }
  return (
    <ul className={placeGridClass}>
      {data.map((place, i) => (
        <li key={place._id} className={i < 2 ? undefined : laterCardClass}>
          <PlaceCard place={place} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}
