import { useId, useState } from 'react';
import type { Faq } from '@shared/api';
import { FAQ_SKELETON_COUNT } from '@shared/constants';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { Skeleton } from '@/components/ui/skeleton';
import { useFaqs } from '../api/get-faqs';

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="border-b border-line last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-14 w-full items-center justify-between gap-4 px-4 py-3 text-left text-lg font-semibold text-sea-900 hover:bg-sea-50 sm:px-5"
        >
          <span>{faq.question}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-6 shrink-0 transition-transform ${open ? 'rotate-45' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M10 4v12M4 10h12" />
          </svg>
        </button>
      </h3>
      <div id={answerId} hidden={!open} className="px-4 pb-5 text-ink sm:px-5">
        <LinkifiedText text={faq.answer} />
      </div>
    </li>
  );
}

/** Questions that expand to their answers. Loading: 7 skeleton rows. */
export function FaqList() {
  const { data, isPending, isError } = useFaqs();
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
  if (isError || data.length === 0) {
    return <p className="rounded-2xl bg-sand-100 p-6 text-muted">Ingen spørsmål og svar å vise ennå.</p>;
  }
  return (
    <ul className={box}>
      {data.map((faq) => (
        <FaqItem key={faq._id} faq={faq} />
      ))}
    </ul>
  );
}
