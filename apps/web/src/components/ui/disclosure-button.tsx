import type { ReactNode } from 'react';
import { Chevron } from './icon';

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
