import type { ReactNode } from 'react';

/** The down-pointing chevron of selects and disclosures (20×20, stroked in the current colour). */
export function Chevron({ className, strokeWidth = '2' }: { className?: string; strokeWidth?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth={strokeWidth}>
      <path d="M5 8l5 5 5-5" />
    </svg>
  );
}

/** A button that opens and closes the element `controls`, led by a chevron that the caller's classes turn. */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  chevronClassName,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className: string;
  chevronClassName: string;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle} className={className}>
      <Chevron className={chevronClassName} strokeWidth="2.2" />
      {children}
    </button>
  );
}
