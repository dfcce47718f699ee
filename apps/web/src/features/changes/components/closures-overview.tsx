import type { ClosureOverviewItem } from '@shared/api';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatTime } from '@/lib/format';
import { useClosureAction, useClosureOverview } from '../api/changes';
import { TitledSection } from '@/components/ui/titled-section';

/** What the families chose so far: 'Erstatningstime: 2 · Pengene tilbake: 1 · Tilgodebeløp: 0 · Ikke valgt ennå: 3'. */
const choicesLine = (c: ClosureOverviewItem['choices']) =>
  `Erstatningstime: ${c.makeup} · Pengene tilbake: ${c.refund} · Tilgodebeløp: ${c.credit} · Ikke valgt ennå: ${c.open}`;

/** The admin's overview of coming cancelled dates: 'Angre' and 'Send e-post nå' before the e-mails, answers after. */
export function ClosuresOverview({ items, onAction, busy, error }: { items: readonly ClosureOverviewItem[]; onAction: (id: string, action: 'undo' | 'announce') => void; busy: boolean; error: string | null }) {
  return (
    <TitledSection id="closures-overview-title" title="Avlyste kursdager" className="mt-10 max-w-3xl" titleClassName="text-xl font-bold">
      <FormError>{error}</FormError>
      {items.length === 0 ? (
        <p className="mt-2 text-sand-700">Ingen kommende kursdager er avlyst.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <li key={item._id} className="rounded-2xl border border-sand-200 p-4">
              {/* The course's display name says the weekday and time, so the date below has no second 'kl.'. */}
              <p className="font-bold">
                {item.courseName} · {item.placeName}
              </p>
              <p>
                {formatDate(item.date)}: {item.reason}
              </p>
              {item.announcedAt ? (
                <>
                  <p className="mt-1 font-medium text-success">Familiene har fått e-post</p>
                  <p className="text-sm text-sand-700">{choicesLine(item.choices)}</p>
                </>
              ) : (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <p className="font-medium">E-post sendes kl. {formatTime(item.announceAt)}</p>
                  <Button variant="secondary" disabled={busy} onClick={() => onAction(item._id, 'undo')} aria-label={`Angre avlysningen av ${item.courseName} · ${formatDate(item.date)}`}>
                    Angre
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => onAction(item._id, 'announce')} aria-label={`Send e-post nå om ${item.courseName} · ${formatDate(item.date)}`}>
                    Send e-post nå
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** The overview with its data and actions. */
export function ClosuresOverviewSection() {
  const overview = useClosureOverview();
  const action = useClosureAction();
  return (
    <ClosuresOverview
      items={overview.data ?? []}
      busy={action.isPending}
      error={action.isError ? errorMessage(action.error) : null}
      onAction={(id, kind) => action.mutate({ id, action: kind })}
    />
  );
}
