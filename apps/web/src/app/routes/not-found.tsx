import { NotFound } from '@/components/errors/error-view';

export function Component() {
  return <NotFound />;
}
