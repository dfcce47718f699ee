import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The frame of every example page: a way back to the index, the title and a short lead. */
export function ExamplePage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(`Eksempel: ${title}`));
  return (
    <Container className="py-10 sm:py-14">
      <p className="mb-2">
        <Link to={paths.examples} className="inline-flex min-h-11 items-center font-medium text-sea-800 underline">
          Eksempler
        </Link>
      </p>
      <PageHeader title={title} lead={lead} />
      <div className="space-y-8">{children}</div>
    </Container>
  );
}

/** `buttons`: the children are a row of buttons. */
export function ExampleBox({ title, buttons, children }: { title: string; buttons?: boolean; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6" aria-label={title}>
      <h2 className="text-xl font-bold text-sea-900">{title}</h2>
      {buttons ? <div className="flex flex-wrap gap-2">{children}</div> : children}
    </section>
  );
}
