import { Page } from '@/components/ui/page-header';
import { KeepAccount } from '@/features/retention/components/keep-account';

/** /behold-konto#<secret>: the link in the warning e-mail before an unused account is deleted. */
export function Component() {
  return (
    <Page title="Behold kontoen" className="max-w-xl">
      <KeepAccount />
    </Page>
  );
}
