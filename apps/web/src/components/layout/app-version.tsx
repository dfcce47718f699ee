import { useAppConfig } from '@/lib/app-config';
import { hasRole, useCurrentUser } from '@/lib/current-user';

/** Spec §1: the app version in the footer, for users with the developer role only. */
export function AppVersion() {
  const user = useCurrentUser();
  const config = useAppConfig();
  if (!hasRole(user.data, 'developer') || !config.data?.appVersion) return null;
  return <p>Versjon {config.data.appVersion}</p>;
}
