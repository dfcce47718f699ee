import type { ReactNode } from 'react';

/**
 * A line shown only in a browser without JavaScript (`@media (scripting: none)`), where a rendered page's buttons
 * cannot work: it says what needs JavaScript. Rendered the same on the server and in the browser, so hydration keeps
 * it; with scripting on it is never shown, nor read out.
 */
export function NoScriptNote({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <p className={`hidden rounded-xl bg-warning-bg px-4 py-2 text-warning noscript:block ${className}`}>{children}</p>;
}
