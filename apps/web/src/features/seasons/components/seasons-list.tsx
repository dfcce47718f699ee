import { useState } from 'react';
import type { Season } from '@shared/api';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDateRange } from '@/lib/format';
import { useDeleteSeason, useSeasons } from '@/features/seasons/api/seasons';
import { SeasonForm } from './season-form';

/** /admin/sesonger: the school's seasons, oldest first, with 'Ny sesong', 'Endre' and 'Slett' (decision 053). */
export function SeasonsList() {
  const seasons = useSeasons();
  const remove = useDeleteSeason();
  // undefined: no dialog; null: a new season; a season: edit it.
  const [editing, setEditing] = useState<Season | null | undefined>(undefined);

  const onDelete = async (season: Season) => {
    const yes = await confirm({
      title: 'Slett sesong?',
      message: `«${season.name}» (${formatDateRange(season.startsOn, season.endsOn)}) slettes.`,
      confirmText: 'Slett',
      confirmVariant: 'danger',
      cancelText: 'Behold',
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(season._id);
      toast.success('Sesongen er slettet');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke slette sesongen'));
    }
  };

  return (
    <section aria-label="Sesonger">
      <Button onClick={() => setEditing(null)}>Ny sesong</Button>
      {seasons.isPending ? (
        <Skeleton className="mt-6 h-24 w-full rounded-xl" />
      ) : seasons.isError ? (
        <p role="alert" className="mt-6">
          {errorMessage(seasons.error, 'Kunne ikke hente sesongene')}
        </p>
      ) : seasons.data.length === 0 ? (
        <p className="mt-6">Ingen sesonger ennå.</p>
      ) : (
        <ul className="mt-6 divide-y divide-sea-100 rounded-xl border border-sea-100 bg-white">
          {seasons.data.map((season) => (
            <li key={season._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{season.name}</p>
                <p className="text-sm">{formatDateRange(season.startsOn, season.endsOn)}</p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(season)} aria-label={`Endre ${season.name}`}>
                  Endre
                </Button>
                <Button variant="ghost" onClick={() => void onDelete(season)} disabled={remove.isPending} aria-label={`Slett ${season.name}`}>
                  Slett
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} title={editing ? 'Endre sesong' : 'Ny sesong'}>
        {/* Mounted per opening: a fresh form each time. */}
        {editing !== undefined ? <SeasonForm season={editing ?? undefined} onDone={() => setEditing(undefined)} /> : null}
      </Modal>
    </section>
  );
}
