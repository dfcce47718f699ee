import type { RetentionPlan } from '@shared/api';
import { formatDateTime } from '@/lib/format';
import { useRetentionPlan, useRetentionRuns } from '../api/retention';
import { TitledSection } from '@/components/ui/titled-section';

const PLAN_GROUPS: { key: Exclude<keyof RetentionPlan, 'at'>; title: string }[] = [
  { key: 'children', title: 'Barn som slettes' },
  { key: 'healthNotes', title: 'Helseopplysninger som slettes' },
  { key: 'emergencyContacts', title: 'Nødkontakter som slettes (med barnet)' },
  { key: 'guardians', title: 'Foresatte som slettes' },
  { key: 'guardianWarnings', title: 'Foresatte som får varsel om sletting' },
  { key: 'healthNoteWarnings', title: 'Barn der foresatte får varsel om at helseopplysningene slettes' },
];

/** The dry run: what the next run would do if it ran now. Nothing is changed by looking. */
function DryRun() {
  const plan = useRetentionPlan();
  if (plan.isPending) return <p role="status">Laster …</p>;
  if (plan.isError) return <p role="alert">Kunne ikke hente prøvekjøringen</p>;
  return (
    <div className="space-y-4">
      <p className="text-muted">Beregnet {formatDateTime(plan.data.at)}.</p>
      {PLAN_GROUPS.map(({ key, title }) => {
        const items = plan.data[key];
        return (
          <details key={key} className="rounded-xl border border-line bg-white p-3">
            <summary className="min-h-11 cursor-pointer font-semibold">
              {title}: {items.length}
            </summary>
            {items.length ? (
              <ul className="mt-2 list-disc pl-5">
                {items.map((item) => (
                  <li key={item._id}>{item.name}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2">Ingen.</p>
            )}
          </details>
        );
      })}
    </div>
  );
}

/** The log: one line per run, counts only. */
function RunLog() {
  const runs = useRetentionRuns();
  if (runs.isPending) return <p role="status">Laster …</p>;
  if (runs.isError) return <p role="alert">Kunne ikke hente loggen</p>;
  const { settings } = runs.data;
  return (
    <>
      <p className="mb-3 text-muted">
        Barn slettes {settings.months} måneder etter siste kurs, helseopplysninger {settings.healthNoteDays} dager etter. Foresatte varsles{' '}
        {settings.warningDays} dager før.
      </p>
      {runs.data.runs.length === 0 ? (
        <p>Ingen kjøringer ennå.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Kjøringer">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr>
                {['Tidspunkt', 'Barn', 'Helseopplysninger', 'Nødkontakter', 'Foresatte', 'Varsler'].map((h) => (
                  <th key={h} scope="col" className="border border-line p-1.5 text-left">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((r) => (
                <tr key={r._id}>
                  <th scope="row" className="border border-line p-1.5 text-left font-normal">
                    {formatDateTime(r.ranAt)}
                  </th>
                  {[r.children, r.healthNotes, r.emergencyContacts, r.guardians, r.warningsSent].map((n, i) => (
                    <td key={i} className="border border-line p-1.5">
                      {n}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /admin/sletting: the retention job's next run (dry run) and what each run did (issue 39). */
export function RetentionOverview() {
  return (
    <div className="max-w-3xl space-y-10">
      <TitledSection id="neste-kjoring" title="Neste kjøring (prøvekjøring)" titleClassName="mb-3 text-2xl font-bold text-sea-900">
        <DryRun />
      </TitledSection>
      <TitledSection id="kjoringer" title="Tidligere kjøringer" titleClassName="mb-3 text-2xl font-bold text-sea-900">
        <RunLog />
      </TitledSection>
    </div>
  );
}
