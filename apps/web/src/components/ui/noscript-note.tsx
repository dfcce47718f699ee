import type { ReactNode } from 'react';

/** A line shown only without JavaScript (`@media (scripting: none)`): it says what needs JavaScript. */
export function NoScriptNote({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <p className={`hidden rounded-xl bg-warning-bg px-4 py-2 text-warning noscript:block ${className}`}>{children}</p>;
}
