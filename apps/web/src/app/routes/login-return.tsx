import { pageTitle } from '@/config/site';
import { LoginReturn } from '@/features/auth/components/login-return';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /vipps/login-redirect: where Vipps Login sends the browser back. */
export function Component() {
  useDocumentTitle(pageTitle('Logger inn'));
  return <LoginReturn />;
}
