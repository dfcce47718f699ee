import { lazy, Suspense, useMemo, useState } from 'react';
import type { Term } from '@shared/api';
import { Button } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { asciiSlug, formatDateTime } from '@/lib/format';
import { useTerms, useTermVersions } from '@/features/terms/api/terms';
import type { EditableTerm } from './term-editor';
import { StrokeIcon } from '@/components/ui/icon';

// The editor (a form) is for admins only: it loads when one opens it, not for visitors.
const TermEditor = lazy(() => import('./term-editor').then((m) => ({ default: m.TermEditor })));

interface TermCategory {
  category: string;
  terms: Term[];
}

/** Terms sorted by priority (highest first), grouped by category; a category sits where its top term sits. */
function groupTerms(terms: readonly Term[]): TermCategory[] {
  const sorted = [...terms].sort((a, b) => b.priority - a.priority);
  const groups = new Map<string, TermCategory>();
  for (const term of sorted) {
    const group = groups.get(term.category) ?? { category: term.category, terms: [] };
    group.terms.push(term);
    groups.set(term.category, group);
  }
  return [...groups.values()];
}

const NEW_TERM: EditableTerm = { _id: '', category: '', text: '', priority: 0 };

/** Admins: which version is in force (every change makes one; orders record the one their parent accepted). */
function CurrentVersion() {
  const { data } = useTermVersions(true);
  const current = data?.[0];
  if (!current) return null;
  return (
    <p className="rounded-xl bg-sea-50 px-4 py-3 text-sea-900" data-testid="terms-version">
      Gjeldende versjon: <strong>{current.version}</strong>, endret {formatDateTime(current.createdAt)}
      {current.changedBy ? ` av ${current.changedBy}` : ''}.
    </p>
  );
}

export function TermsList() {
  const { data, isPending } = useTerms();
  const { data: user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  const [editing, setEditing] = useState<EditableTerm | null>(null);
  const categories = useMemo(() => groupTerms(data ?? []), [data]);

  if (isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-8">
        <span className="sr-only">Laster regler og betingelser</span>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-3">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-11/12" />
            <Skeleton className="h-5 w-4/5" />
          </div>
        ))}
      </div>
    );
  }
  const categoryNames = categories.map((c) => c.category);
  const done = () => setEditing(null);

  return (
    <div className="space-y-10">
      {isAdmin ? (
        <div className="space-y-4">
          <CurrentVersion />
          {editing?._id === '' ? (
            <Suspense fallback={null}>
              <TermEditor term={editing} categories={categoryNames} onDone={done} />
            </Suspense>
          ) : (
            <Button variant="secondary" onClick={() => setEditing(NEW_TERM)}>
              <StrokeIcon d="M10 4v12M4 10h12" className="size-5" />
              Legg til regel/betingelse
            </Button>
          )}
        </div>
      ) : null}
      {categories.length === 0 ? <p className="rounded-2xl bg-sand-100 p-6 text-lg text-muted">Her mangler data</p> : null}
      {categories.map(({ category, terms }) => {
        const id = `kategori-${asciiSlug(category) || 'uten-navn'}`;
        return (
          <TitledSection key={category} id={id} title={category} titleClassName="text-2xl font-bold text-sea-900">
            <ul className="mt-4 space-y-3">
              {terms.map((term) =>
                editing?._id === term._id ? (
                  <li key={term._id}>
                    <Suspense fallback={null}>
                      <TermEditor term={editing} categories={categoryNames} onDone={done} />
                    </Suspense>
                  </li>
                ) : (
                  <li key={term._id} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line" data-term-id={term._id}>
                    <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-aqua-400" />
                    <RichText html={term.text} className="min-w-0 flex-1" />
                    {isAdmin ? (
                      <button
                        type="button"
                        onClick={() => setEditing(term)}
                        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-sea-800 hover:bg-sea-50"
                        aria-label={`Rediger regel i ${category} (prioritet ${term.priority})`}
                      >
                        <StrokeIcon d="M13.5 3.5l3 3L7 16H4v-3z" className="size-5" />
                      </button>
                    ) : null}
                  </li>
                ),
              )}
            </ul>
          </TitledSection>
        );
      })}
    </div>
  );
}
