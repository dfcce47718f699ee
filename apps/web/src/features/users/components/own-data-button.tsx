import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useOwnData } from '../api/get-own-data';

function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Last ned mine data': the family's data as a JSON file (personopplysningsloven, decision 007). */
export function OwnDataButton() {
  const toast = useToast();
  const ownData = useOwnData();
  return (
    <Button
      variant="secondary"
      disabled={ownData.isPending}
      onClick={() =>
        ownData.mutate(undefined, {
          onSuccess: (data) => saveJson(data, `mine-data-${data.exportedAt.slice(0, 10)}.json`),
          onError: () => toast.error('Kunne ikke hente brukerdata'),
        })
      }
    >
      {ownData.isPending ? 'Henter …' : 'Last ned mine data'}
    </Button>
  );
}
