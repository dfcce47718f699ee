import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { roleLabel } from '@shared/constants';
import { paths } from '@/config/paths';
import { displayPhone, formatDateTime } from '@/lib/format';

export interface UserCardUser {
  _id: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  roles?: string[];
  lastLogin?: string | null;
  birthdate?: string;
  profile: string | null;
}

/** A user in the admin screens: name (linked to the profile), roles, contact, last login; `active` highlights it. */
export function UserCard({ user, active = false, kind, children }: { user: UserCardUser; active?: boolean; kind?: string; children?: ReactNode }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <article
      data-user-id={user._id}
      data-active={active || undefined}
      className={`rounded-xl border p-3 ${active ? 'border-success bg-success-bg' : 'border-line bg-sand-50'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words text-sea-900">
          {user.profile ? (
            <Link to={paths.profileById(user.profile)} className="underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {active ? <span className="rounded-full bg-white px-2 py-0.5 text-sm font-semibold text-success">Aktiv</span> : null}
      </div>
      <p className="text-sm text-muted">{kind ?? (user.roles ?? []).map(roleLabel).join(', ')}</p>
      <dl className="mt-1 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2 text-sm">
        {user.email !== undefined ? (
          <>
            <dt className="font-semibold">E-post</dt>
            <dd className="break-all">{user.email || 'Ikke oppgitt'}</dd>
          </>
        ) : null}
        {user.phone !== undefined ? (
          <>
            <dt className="font-semibold">Telefon</dt>
            <dd>{displayPhone(user.phone)}</dd>
          </>
        ) : null}
        {user.birthdate !== undefined ? (
          <>
            <dt className="font-semibold">Fødselsdato</dt>
            <dd>{user.birthdate ? user.birthdate.split('-').reverse().join('.') : 'Ikke oppgitt'}</dd>
          </>
        ) : null}
        {user.lastLogin !== undefined ? (
          <>
            <dt className="font-semibold">Sist innlogget</dt>
            <dd>{user.lastLogin ? <time dateTime={user.lastLogin}>{formatDateTime(user.lastLogin)}</time> : '-'}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </article>
  );
}
