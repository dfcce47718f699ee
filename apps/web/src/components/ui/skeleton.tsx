/** A grey placeholder block; size it with classes so the final content takes the same space (no layout shift). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-sea-100 ${className}`} />;
}
