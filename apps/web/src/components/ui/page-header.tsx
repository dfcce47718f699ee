import type { ReactNode } from 'react';

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
