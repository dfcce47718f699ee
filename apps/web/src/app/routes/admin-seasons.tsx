import { Page } from '@/components/ui/page-header';
import { SeasonsList } from '@/features/seasons/components/seasons-list';

/** /admin/sesonger: the school's seasons, each a name and its days (decision 053). */
export function Component() {
  return (
    <Page title="Sesonger" lead="En sesong er et navn og dagene den varer. En dag hører til høyst én sesong.">
      <SeasonsList />
    </Page>
  );
}
