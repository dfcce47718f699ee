import { lazy, Suspense, useState } from 'react';
import { cancellationRulesText } from '@shared/cancellation';
import { Button } from '@/components/ui/button';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import { useCancellationRules } from '@/features/terms/api/terms';
import { TitledSection } from '@/components/ui/titled-section';

// The editor (a form) is for admins only: it loads when one opens it.
const CancellationRulesEditor = lazy(() => import('./cancellation-rules-editor').then((m) => ({ default: m.CancellationRulesEditor })));

/** The cancellation rules in force (issue 40), on the terms page; admins change them here (each change a new version). */
export function CancellationRules() {
  const { data } = useCancellationRules();
  const { data: user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  const [editing, setEditing] = useState(false);
  if (!data) return null;
  return (
    <TitledSection id="kategori-avbestilling" title="Avbestilling" className="space-y-4" titleClassName="text-2xl font-bold text-sea-900">
      {isAdmin ? (
        <p className="rounded-xl bg-sea-50 px-4 py-3 text-sea-900" data-testid="cancellation-rules-version">
          Gjeldende versjon: <strong>{data.version}</strong>, endret {formatDateTime(data.createdAt)}
          {data.changedBy ? ` av ${data.changedBy}` : ''}. Hver bestilling følger versjonen den ble kjøpt under.
        </p>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <CancellationRulesEditor rules={data.rules} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <ul className="space-y-3">
          {cancellationRulesText(data.rules).map((text) => (
            <li key={text} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
              <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-aqua-400" />
              <p className="min-w-0 flex-1">{text}</p>
            </li>
          ))}
        </ul>
      )}
      {isAdmin && !editing ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Endre avbestillingsreglene
        </Button>
      ) : null}
    </TitledSection>
  );
}
