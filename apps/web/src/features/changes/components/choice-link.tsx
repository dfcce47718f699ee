import { useLinkSecret } from '@/lib/use-link-secret';
import { useChoiceLink, useChooseByLink } from '../api/changes';
import { DateChoiceCard } from './date-choice-card';

/** /endring#<secret>: the cancelled date and the three choices; one tap chooses (mail scanners only open the page). */
export function ChoiceLink() {
  const secret = useLinkSecret();
  const link = useChoiceLink(secret);
  const choose = useChooseByLink();
  if (!secret || link.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-danger-bg p-5 font-medium text-danger">
        Lenken er ugyldig. Du kan også velge under «Min profil».
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
