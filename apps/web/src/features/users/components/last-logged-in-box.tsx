import { ACTIVE_USER_WINDOW_MS } from '@shared/constants';
import { DashboardBox } from '@/components/ui/dashboard-box';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLastLoggedIn } from '@/features/users/api/users';
import { UserCard } from './user-card';

/** 'Siste innloggede brukere', refreshed every minute; a 403 shows nothing (spec §8), another failure says so. */
export function LastLoggedInBox({ now }: { now: number }) {
  const users = useLastLoggedIn();
  return (
    <DashboardBox title="Siste innloggede brukere" link={{ to: paths.adminUsers, label: 'Søk etter brukere' }}>
      {users.isError && !(users.error instanceof ApiError && users.error.status === 403) ? (
        <p role="alert" className="mb-2 font-medium text-danger">
          Kunne ikke hente siste innloggede brukere
        </p>
      ) : null}
      {users.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : !users.data ? null : (
        <ul className="grid grid-cols-1 gap-2">
          {users.data.map((user) => (
            <li key={user._id}>
              <UserCard user={user} active={!!user.lastLogin && now - Date.parse(user.lastLogin) <= ACTIVE_USER_WINDOW_MS} />
            </li>
          ))}
        </ul>
      )}
    </DashboardBox>
  );
}
