/** A grey placeholder block; size it with classes so the final content takes the same space (no layout shift). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-sea-100 ${className}`} />;
}

/** Where a form will be while its code loads (a dialog's form loaded when the dialog first opens): one block a field. */
export function FormSkeleton({ fields }: { fields: number }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Laster skjema</span>
      {Array.from({ length: fields }, (_, i) => (
        <Skeleton key={i} className="h-[4.6rem] w-full rounded-xl" />
      ))}
    </div>
  );
}
