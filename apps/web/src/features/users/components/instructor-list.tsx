import { useEffect } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useInstructors } from '@/features/users/api/users';

/** Instructors by name, or a note that the information is missing. */
export function InstructorList() {
  const { data, isPending, isError, error } = useInstructors();

  useEffect(() => {
    if (isError) toast.error(errorMessage(error, 'Kunne ikke hente instruktører'));
  }, [isError, error]);

  if (isPending) {
    return (
      <div role="status" aria-live="polite" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <span className="sr-only">Laster instruktører</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }
  if (isError || data.length === 0) {
    return <p className="rounded-2xl bg-sand-50 p-5 text-muted">Informasjon om instruktørene mangler foreløpig.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {data.map((instructor) => (
        <li key={instructor.id} className="flex min-h-16 items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line">
          <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-aqua-100 font-bold text-aqua-700">
            {instructor.name.trim().charAt(0).toLocaleUpperCase('nb-NO')}
          </span>
          <span className="font-semibold">{instructor.name}</span>
        </li>
      ))}
    </ul>
  );
}
