import { Page } from '@/components/ui/page-header';
import { CancellationRules } from '@/features/terms/components/cancellation-rules';
import { TermsList } from '@/features/terms/components/terms-list';
import { cancellationRulesQueryOptions, termsQueryOptions } from '@/features/terms/api/terms';
import { preloading } from '../page-data';

export const loader = preloading(termsQueryOptions, cancellationRulesQueryOptions);

export function Component() {
  return (
    <Page title="Regler og betingelser" lead="Kursregler og kjøpsbetingelser som gjelder når du bestiller kurs hos oss.">
      <div className="max-w-3xl space-y-10">
        <TermsList />
        <CancellationRules />
      </div>
    </Page>
  );
}
