import { useEffect, useId, useState, type ReactNode } from 'react';
import { isSearchableText, type UserSearchHit } from '@shared/api/users';
import { USER_SEARCH_CATEGORIES, USER_SEARCH_DEBOUNCE_MS, type UserSearchCategory } from '@shared/constants';
import { toast } from '@/components/ui/toast';
import { countOf } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchUsers } from '@/features/users/api/users';
import { UserCard } from './user-card';

const CATEGORY_LABELS: Record<UserSearchCategory, string> = { parents: 'Foreldre', children: 'Barn' };

/** What to say about the text and categories before searching (spec §5), or null when the search may run. */
export function searchProblem(text: string, categories: readonly UserSearchCategory[]): string | null {
  if (!text.trim()) return '';
  if (categories.length === 0) return 'Velg minst én kategori';
  if (!isSearchableText(text)) return 'Søk etter mer enn 2 tegn';
  return null;
}

/** The admin user search (spec §2, §5), debounced 350 ms; `actions` adds buttons to a guardian's card. */
export function UserSearch({ actions }: { actions?: (user: Extract<UserSearchHit, { type: 'parent' }>) => ReactNode }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [categories, setCategories] = useState<UserSearchCategory[]>([...USER_SEARCH_CATEGORIES]);
  // Debounced as one string: a new object per render would restart the timer for ever.
  const settled = useDebouncedValue(`${categories.join(',')}|${text}`, USER_SEARCH_DEBOUNCE_MS);
  const debounced = {
    text: settled.slice(settled.indexOf('|') + 1),
    categories: settled.slice(0, settled.indexOf('|')).split(',').filter(Boolean) as UserSearchCategory[],
  };
  const problem = searchProblem(debounced.text, debounced.categories);
  const search = useSearchUsers(debounced.text.trim(), debounced.categories, problem === null);

  useEffect(() => {
    if (search.isError) toast.error('Kunne ikke søke etter brukere');
  }, [search.isError]);

  const toggle = (category: UserSearchCategory) =>
    setCategories((list) => (list.includes(category) ? list.filter((c) => c !== category) : USER_SEARCH_CATEGORIES.filter((c) => c === category || list.includes(c))));

  return (
    <div>
      <div className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
        <label htmlFor={inputId} className="block font-semibold text-sea-900">
          Søk etter brukere
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          placeholder="Navn, telefon eller e-post"
          className="mt-1 block min-h-11 w-full rounded-xl border border-line px-3 text-base"
        />
        <p id={hintId} className="mt-1 text-sm text-muted">
          Skriv mer enn 2 tegn, eller * for alle.
        </p>
        <fieldset className="mt-3">
          <legend className="font-semibold text-sea-900">Kategorier</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {USER_SEARCH_CATEGORIES.map((category) => (
              <label key={category} className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" className="size-5" checked={categories.includes(category)} onChange={() => toggle(category)} />
                {CATEGORY_LABELS[category]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="mt-4" aria-live="polite">
        {problem ? (
          <p role="status" className="rounded-xl bg-warning-bg p-3 font-semibold text-warning">
            {problem}
          </p>
        ) : problem === '' ? null : search.isError ? (
          <p role="alert" className="rounded-xl bg-danger-bg p-3 font-semibold text-danger">
            Noe gikk galt
          </p>
        ) : search.data ? (
          <p role="status" className="font-semibold text-sea-900">
            {search.data.total === 0 ? 'Fant ingen brukere' : `Fant ${countOf(search.data.total, 'bruker', 'brukere')}`}
            {search.data.total > search.data.users.length ? ` (viser de ${search.data.users.length} første)` : ''}
          </p>
        ) : (
          <p role="status" className="text-muted">
            Søker …
          </p>
        )}
      </div>
      {problem === null && search.data?.users.length ? (
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-busy={search.isFetching}>
          {search.data.users.map((user) => (
            <li key={`${user.type}-${user._id}`}>
              {user.type === 'parent' ? (
                <UserCard user={user}>{actions?.(user)}</UserCard>
              ) : (
                <UserCard user={user} kind="Barn" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
