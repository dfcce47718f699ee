import { useMemo } from 'react';
import type { Term } from '@shared/api';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { Skeleton } from '@/components/ui/skeleton';
import { asciiSlug } from '@/lib/format';
import { useTerms } from '../api/get-terms';

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

export function TermsList() {
  const { data, isPending } = useTerms();
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
  if (categories.length === 0) {
    return <p className="rounded-2xl bg-sand-100 p-6 text-lg text-muted">Her mangler data</p>;
  }
  return (
    <div className="space-y-10">
      {categories.map(({ category, terms }) => {
        const id = `kategori-${asciiSlug(category) || 'uten-navn'}`;
        return (
          <section key={category} aria-labelledby={id}>
            <h2 id={id} className="text-2xl font-bold text-sea-900">
              {category}
            </h2>
            <ul className="mt-4 space-y-3">
              {terms.map((term) => (
                <li key={term._id} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-aqua-400" />
                  <LinkifiedText text={term.text} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
