import { Page } from '@/components/ui/page-header';
import { ChoiceLink } from '@/features/changes/components/choice-link';

/** /endring#<secret>: the link in the e-mail about a cancelled date. */
export function Component() {
  return (
    <Page title="Avlyst kursdag" className="max-w-xl">
      <ChoiceLink />
    </Page>
  );
}
