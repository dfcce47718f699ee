import { PLACE_SKELETON_COUNT } from '@shared/constants';
import { useLogError } from '../hooks/use-log-error';
import { usePlaces } from '../api/get-places';
import { laterCardClass, PlaceCard, PlaceCardSkeleton, placeGridClass } from './place-card';

/** All places as cards (home page). Loading: 8 skeleton cards; none: 'Fant ingen kurssteder'. */
export function PlaceGrid() {
  const { data, isPending, isError, error } = usePlaces();
  useLogError(error, 'Kunne ikke hente kurssteder');
  if (isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Laster kurssteder</span>
        <ul className={placeGridClass}>
          {Array.from({ length: PLACE_SKELETON_COUNT }, (_, i) => (
            <li key={i}>
              <PlaceCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  // Decision 029: a failed fetch says so; 'Fant ingen kurssteder' would tell the visitor there are none.
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl bg-danger-bg p-6 text-lg font-medium text-danger">
        Kunne ikke hente kurssteder
      </p>
    );
  }
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
