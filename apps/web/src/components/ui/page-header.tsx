import type { ReactNode } from 'react';
import { pageTitle } from '@/config/site';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page's one h1 with an optional lead paragraph. */
export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight text-sea-900 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-lg text-muted">{lead}</p> : null}
      {children}
    </header>
  );
}

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 ${className}`}>{children}</div>;
}

/** A page of its own: the document's title, the frame and the one h1 (with its lead). */
export function Page({ title, lead, className, children }: { title: string; lead?: ReactNode; className?: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Container className={className ? `${className} py-10 sm:py-14` : 'py-10 sm:py-14'}>
      <PageHeader title={title} lead={lead} />
      {children}
    </Container>
  );
}
