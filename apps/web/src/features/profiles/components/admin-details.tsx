import type { Profile } from '@shared/api';
import type { ProfileOverview } from '@shared/api/profiles';
import { roleLabel } from '@shared/constants';
import { paymentStatusLabel, paymentStatusTone } from '@shared/payment-status';
import { site } from '@/config/site';
import { formatDate, formatDateTime, fullName, formatKr, krToOre } from '@/lib/format';

const TONE_STYLE = {
  success: 'bg-aqua-100 text-aqua-700',
  warning: 'bg-sand-200 text-ink',
  error: 'bg-danger-bg text-danger',
  neutral: 'bg-white text-muted ring-1 ring-line',
} as const;

/** Admin only (spec §2): roles, address, last login, registration dates, and the orders with status colours. */
export function AdminDetails({ profile, admin }: { profile: Profile; admin: NonNullable<ProfileOverview['admin']> }) {
  return (
    <section aria-labelledby="admin-tittel" className="space-y-6 rounded-2xl border-2 border-dashed border-sea-300 p-4 sm:p-6">
      <h2 id="admin-tittel" className="text-2xl font-bold text-sea-900">
        For administrator
      </h2>
      <div>
        <h3 className="mb-2 text-lg font-bold text-sea-900">Foresatte</h3>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {admin.guardians.map((g) => {
            const parent = profile.parents.find((p) => p._id === g._id);
            return (
              <li key={g._id} className="rounded-xl border border-line bg-white p-3">
                <p className="font-bold">{parent ? fullName(parent) : g._id}</p>
                <dl className="mt-1 grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold">Roller</dt>
                  <dd>{g.roles.map(roleLabel).join(', ') || 'Ukjent'}</dd>
                  <dt className="font-semibold">Adresse</dt>
                  <dd className="whitespace-pre-line">
                    {g.address ? `${g.address}\n${[g.zipCode, g.place].filter(Boolean).join(' ')}` : 'Ikke oppgitt'}
                  </dd>
                  <dt className="font-semibold">Sist innlogget</dt>
                  <dd>{g.lastLogin ? formatDateTime(g.lastLogin) : '-'}</dd>
                  <dt className="font-semibold">Registrert</dt>
                  <dd>{formatDate(g.registrationDate)}</dd>
                  <dt className="font-semibold">Id</dt>
                  <dd className="font-mono break-all">{g._id}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h3 className="mb-2 text-lg font-bold text-sea-900">Barn registrert</h3>
        {profile.children.length ? (
          <ul className="text-sm">
            {profile.children.map((c) => (
              <li key={c._id}>
                {fullName(c)}: {formatDate(c.registrationDate)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">Ingen barn</p>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-lg font-bold text-sea-900">Ordre</h3>
        {admin.orders.length === 0 ? (
          <p className="text-muted">Ingen ordre</p>
        ) : (
          <ul className="space-y-2">
            {admin.orders.map((o) => (
              <li key={o._id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white p-3 text-sm">
                <div>
                  <p className="font-semibold">
                    {o.humanReference} · {formatKr(krToOre(o.amount))}
                  </p>
                  <p className="text-muted">
                    {formatDateTime(o.createdAt)} · {o.courseName ?? 'Ukjent kurs'}
                    {o.childName ? ` · ${o.childName}` : ''}
                  </p>
                </div>
                <span className={`rounded-full px-2.5 py-0.5 font-semibold ${TONE_STYLE[paymentStatusTone(o.status)]}`}>
                  {paymentStatusLabel(o.status, site.companyName)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
