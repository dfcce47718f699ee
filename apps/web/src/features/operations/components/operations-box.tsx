import type { StatusDetails } from '@shared/api';
import { Link } from 'react-router';
import { DashboardBox } from '@/components/ui/dashboard-box';
import { paths } from '@/config/paths';
import { formatDateTime, plural } from '@/lib/format';
import { useServerStatus } from '../api/get-status';

const VIPPS_TEXT: Record<StatusDetails['vipps']['state'], string> = {
  closed: 'svarer',
  open: 'svarer ikke – nettstedet venter litt før det prøver igjen',
  'half-open': 'prøver igjen nå',
  unconfigured: 'ikke satt opp',
};

/** Admin dashboard 'Drift' (issue 42): database, e-mail outbox, payment reconciler and Vipps, each on its own line. */
export function OperationsBox() {
  const health = useServerStatus();
  const details = health.data?.details;
  return (
    <DashboardBox title="Drift">
      {health.isError ? <p role="alert">Kunne ikke hente driftsstatus. Databasen svarer kanskje ikke.</p> : null}
      {details ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-operations>
          <dt className="font-semibold">Database</dt>
          <dd data-operations-database>svarer ({Math.round(details.database.latencyMs)} ms)</dd>
          <dt className="font-semibold">E-post</dt>
          <dd data-operations-outbox>
            {details.outbox.pending} venter på sending
            {details.outbox.failed ? `, ${details.outbox.failed} kunne ikke sendes` : ''}
            {details.outbox.oldestPendingAt ? ` (eldste fra ${formatDateTime(details.outbox.oldestPendingAt)})` : ''}
          </dd>
          <dt className="font-semibold">Betalingssjekk</dt>
          <dd data-operations-reconciler>
            {details.reconciler.lastRunAt ? `sist kjørt ${formatDateTime(details.reconciler.lastRunAt)}` : 'ikke kjørt ennå på denne serveren'}
            {details.reconciler.overdue ? ` · ${details.reconciler.overdue} bestillinger venter på Vipps` : ''}
          </dd>
          <dt className="font-semibold">Betalingshendelser</dt>
          <dd data-operations-incidents className={details.paymentIncidents.open > 0 ? 'font-semibold text-danger' : undefined}>
            {details.paymentIncidents.open === 0 ? (
              'ingen åpne'
            ) : (
              <>
                {details.paymentIncidents.open} {plural(details.paymentIncidents.open, 'åpen', 'åpne')} ·{' '}
                <Link to={paths.adminOrderIncidents}>Løs dem under Ordre</Link>
              </>
            )}
          </dd>
          <dt className="font-semibold">Vipps</dt>
          <dd data-operations-vipps={details.vipps.state} className={details.vipps.state === 'open' ? 'font-semibold text-danger' : undefined}>
            {VIPPS_TEXT[details.vipps.state]}
          </dd>
        </dl>
      ) : null}
      {details && details.vipps.outages.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Vipps svarte ikke</h3>
          <ul className="divide-y divide-line" data-operations-outages>
            {details.vipps.outages.map((outage) => (
              <li key={outage.startedAt} className="py-1">
                {formatDateTime(outage.startedAt)} – {outage.endedAt ? formatDateTime(outage.endedAt) : 'pågår fortsatt'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </DashboardBox>
  );
}
