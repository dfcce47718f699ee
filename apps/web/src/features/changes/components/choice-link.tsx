import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLinkSecret } from '@/lib/use-link-secret';
import { useChoiceLink, useChooseByLink } from '../api/changes';
import { DateChoiceCard } from './date-choice-card';

/** /endring#<secret>: the cancelled date and the three choices; one tap chooses (mail scanners only open the page). */
export function ChoiceLink() {
  const secret = useLinkSecret();
  const link = useChoiceLink(secret);
  const choose = useChooseByLink();
  // Unknown, renewed, already used or past its deadline: the server answers the same 404 (issue 52, L7).
  if (!secret || link.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-danger-bg p-5 font-medium text-danger">
        Lenken er ikke lenger gyldig. Valget er kanskje allerede gjort, eller fristen er ute. Logg inn og se{' '}
        <Link to={paths.profile} className="underline">
          «Min profil»
        </Link>
        .
      </p>
    );
  }
  if (link.isPending) return <p role="status">Laster …</p>;
  const choice = choose.data ?? link.data;
  return (
    <DateChoiceCard
      choice={choice}
      pending={choose.isPending}
      error={choose.isError ? choose.error : null}
      onChoose={(input) => choose.mutate({ secret, input })}
    />
  );
}
