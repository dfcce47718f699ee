import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { saveFile } from '@/lib/save-file';
import { useOwnData } from '@/features/users/api/users';

/** 'Last ned mine data': the family's data as a JSON file (personopplysningsloven, decision 008). */
export function OwnDataButton() {
  const ownData = useOwnData();
  return (
    <Button
      variant="secondary"
      disabled={ownData.isPending}
      onClick={() =>
        ownData.mutate(undefined, {
          onSuccess: (data) =>
            saveFile(JSON.stringify(data, null, 2), `mine-data-${data.exportedAt.slice(0, 10)}.json`, 'application/json;charset=utf-8'),
          onError: () => toast.error('Kunne ikke hente brukerdata'),
        })
      }
    >
      {ownData.isPending ? 'Henter …' : 'Last ned mine data'}
    </Button>
  );
}
