import type { ReactNode } from 'react';

/** One term of a definition list: its label and its value. */
export function Term({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-sea-900">{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
