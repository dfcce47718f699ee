import { Page } from '@/components/ui/page-header';
import { RetentionOverview } from '@/features/retention/components/retention-overview';

/** /admin/sletting: automatic deletion of children's data (issue 39): the next run and the log. */
export function Component() {
  return (
    <Page title="Sletting av data" lead="Jobben kjører hver dag. Loggen viser antall, aldri navn.">
      <RetentionOverview />
    </Page>
  );
}
