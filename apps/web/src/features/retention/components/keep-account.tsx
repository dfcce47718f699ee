import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useLinkSecret } from '@/lib/use-link-secret';
import { useKeepAccount, useKeepLink } from '../api/retention';

/** The page behind the retention warning's link: one tap keeps the account (mail scanners only open the page). */
export function KeepAccount() {
  // The e-mailed keep link (`/behold-konto#<secret>`): no login is needed, so it is not stored.
  const secret = useLinkSecret();
  const link = useKeepLink(secret);
  const keep = useKeepAccount();
  if (!secret || link.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-danger-bg p-5 font-medium text-danger">
        Lenken er ugyldig, utløpt eller allerede brukt. Du kan også beholde kontoen ved å logge inn med Vipps.
      </p>
    );
  }
  if (link.isPending) return <p role="status">Laster …</p>;
  if (keep.isSuccess) {
    return (
      <p role="status" className="rounded-2xl bg-success-bg p-5 font-medium text-success">
        Takk, {link.data.firstName}! Kontoen din beholdes.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p>
        Hei {link.data.firstName}! Kontoen din slettes {formatDate(link.data.expiresAt)} fordi den ikke har vært i bruk. Vil du beholde den?
      </p>
      {keep.isError ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          Kunne ikke beholde kontoen. Prøv igjen, eller logg inn med Vipps.
        </p>
      ) : null}
      <Button onClick={() => keep.mutate(secret)} disabled={keep.isPending}>
        {keep.isPending ? 'Lagrer …' : 'Behold kontoen'}
      </Button>
    </div>
  );
}
