import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Faq } from '@shared/api';
import { FAQ_SKELETON_COUNT } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Chevron, StrokeIcon } from '@/components/ui/icon';
import { RichText } from '@/components/ui/rich-text';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { useFaqs, useReorderFaqs } from '@/features/faqs/api/faqs';

// The editor (a form: react-hook-form and zod) is for admins only: it loads when one opens it, not for visitors.
const FaqEditor = lazy(() => import('./faq-editor').then((m) => ({ default: m.FaqEditor })));

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-sea-800 hover:bg-sea-50 disabled:cursor-not-allowed disabled:opacity-40';

/** A question that opens to its answer: a native `<details>`, so it works before the app has started and without it. */
function FaqItem({ faq, controls }: { faq: Faq; controls?: ReactNode }) {
  return (
    <div className="flex items-start">
      <details className="group min-w-0 flex-1">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 hover:bg-sea-50 sm:px-5 [&::-webkit-details-marker]:hidden">
          <h3 className="text-lg font-semibold text-sea-900">{faq.question}</h3>
          <StrokeIcon d="M10 4v12M4 10h12" className="size-6 shrink-0 transition-transform group-open:rotate-45" />
        </summary>
        <div data-faq-answer className="px-4 pb-5 text-ink sm:px-5">
          <RichText html={faq.answer} />
        </div>
      </details>
      {controls}
    </div>
  );
}

interface AdminControlsProps {
  faq: Faq;
  index: number;
  count: number;
  onEdit: () => void;
  onMove: (delta: -1 | 1) => void;
  moving: boolean;
}

/** Admins: an edit icon and move up/down per item (buttons, so the keyboard can reorder too). */
function AdminControls({ faq, index, count, onEdit, onMove, moving }: AdminControlsProps) {
  return (
    <div className="flex min-h-14 shrink-0 items-center pr-2">
      <button type="button" className={iconButton} onClick={() => onMove(-1)} disabled={index === 0 || moving} aria-label={`Flytt opp: ${faq.question}`}>
        <StrokeIcon d="M5 12l5-5 5 5" className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        onClick={() => onMove(1)}
        disabled={index === count - 1 || moving}
        aria-label={`Flytt ned: ${faq.question}`}
      >
        <Chevron className="size-5" />
      </button>
      <button type="button" className={iconButton} onClick={onEdit} aria-label={`Rediger: ${faq.question}`}>
        <StrokeIcon d="M13.5 3.5l3 3L7 16H4v-3z" className="size-5" />
      </button>
    </div>
  );
}

/** Questions that expand to their answers. Admins add, edit, delete and reorder. Loading: 7 skeleton rows. */
export function FaqList() {
  const { data, isPending, isError } = useFaqs();
  const { data: user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const reorder = useReorderFaqs();
  const box = 'overflow-hidden rounded-2xl border border-line bg-white shadow-sm';

  if (isPending) {
    return (
      <div role="status" aria-live="polite" className={box}>
        <span className="sr-only">Laster spørsmål og svar</span>
        {Array.from({ length: FAQ_SKELETON_COUNT }, (_, i) => (
          <div key={i} className="flex min-h-14 items-center border-b border-line px-4 last:border-b-0 sm:px-5">
            <Skeleton className={`h-6 ${i % 2 ? 'w-2/3' : 'w-1/2'}`} />
          </div>
        ))}
      </div>
    );
  }
  const faqs = isError ? [] : data;

  const move = (index: number, delta: -1 | 1) => {
    const ids = faqs.map((f) => f._id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids, { onError: () => toast.error('Kunne ikke oppdatere spørsmål og svar') });
  };

  return (
    <div className="space-y-4">
      {faqs.length === 0 && editing !== 'new' ? (
        <p className="rounded-2xl bg-sand-100 p-6 text-muted">Ingen spørsmål og svar å vise ennå.</p>
      ) : (
        <ul className={box}>
          {faqs.map((faq, index) => (
            <li key={faq._id} className="border-b border-line last:border-b-0" data-faq-id={faq._id}>
              {editing === faq._id ? (
                <>
                  <h3 className="px-4 pt-4 text-lg font-semibold text-sea-900 sm:px-5">{faq.question}</h3>
                  <Suspense fallback={null}>
                    <FaqEditor faq={faq} onDone={() => setEditing(null)} />
                  </Suspense>
                </>
              ) : (
                <FaqItem
                  faq={faq}
                  controls={
                    isAdmin ? (
                      <AdminControls
                        faq={faq}
                        index={index}
                        count={faqs.length}
                        moving={reorder.isPending}
                        onEdit={() => setEditing(faq._id)}
                        onMove={(delta) => move(index, delta)}
                      />
                    ) : null
                  }
                />
              )}
            </li>
          ))}
          {editing === 'new' ? (
            <li className="border-b border-line last:border-b-0">
              <h3 className="px-4 pt-4 text-lg font-semibold text-sea-900 sm:px-5">Nytt spørsmål</h3>
              <Suspense fallback={null}>
                <FaqEditor onDone={() => setEditing(null)} />
              </Suspense>
            </li>
          ) : null}
        </ul>
      )}
      {isAdmin && editing !== 'new' ? (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <StrokeIcon d="M10 4v12M4 10h12" className="size-5" />
          Legg til spørsmål
        </Button>
      ) : null}
    </div>
  );
}
