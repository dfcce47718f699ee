/** A 20×20 line icon stroked in the current colour; `d` is its path. */
export function StrokeIcon({ d, className, strokeWidth = '2' }: { d: string; className?: string; strokeWidth?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth={strokeWidth}>
      <path d={d} />
    </svg>
  );
}

/** The down-pointing chevron of selects and disclosures. */
export const Chevron = (props: { className?: string; strokeWidth?: string }) => <StrokeIcon d="M5 8l5 5 5-5" {...props} />;
