import { Page } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSeasons } from '@/features/seasons/api/seasons';
import { RolloverAdmin } from '@/features/rollover/components/rollover-admin';
import { errorMessage } from '@/lib/error-messages';

/** /admin/behold-plassen: 'Behold plassen' (decision 060), with the seasons to choose from. */
export function Component() {
  const seasons = useSeasons();
  return (
    <Page title="Behold plassen" lead="Familiene på kurs som slutter får beholde plassen på neste kurs til svarfristen.">
      {seasons.isPending ? <Skeleton className="h-24 w-full rounded-xl" /> : seasons.isError ? <p role="alert">{errorMessage(seasons.error, 'Kunne ikke hente sesongene')}</p> : <RolloverAdmin seasons={seasons.data} />}
    </Page>
  );
}
