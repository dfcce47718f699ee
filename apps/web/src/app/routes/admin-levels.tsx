import { Page } from '@/components/ui/page-header';
import { LadderEditor } from '@/features/levels/components/ladder-editor';

/** /admin/nivaer: the school's ladder of levels and their skills (decision 057). */
export function Component() {
  return (
    <Page title="Nivåer" lead="Nivåene fra det første til det siste, og ferdighetene barna øver på for hvert nivå. Et nivå eller en ferdighet som er i bruk, kan tas ut av bruk, men ikke slettes.">
      <LadderEditor />
    </Page>
  );
}
