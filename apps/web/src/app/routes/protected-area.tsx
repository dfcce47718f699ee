import { Unauthorized } from '@/components/errors/error-view';

/** /admin and /examples: a logged-out visitor gets the login prompt (spec §2). */
export function Component() {
  return <Unauthorized />;
}
