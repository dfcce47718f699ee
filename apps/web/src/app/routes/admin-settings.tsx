import { Page } from '@/components/ui/page-header';
import { SettingsOverviewPage } from '@/features/settings/components/settings-overview';

/** /admin/innstillinger: the school's versioned settings (decision 054). */
export function Component() {
  return (
    <Page title="Innstillinger" lead="Regler skolen selv bestemmer. Hver endring blir en ny versjon, og det som er kjøpt før beholder sin.">
      <SettingsOverviewPage />
    </Page>
  );
}
