import { lazy, Suspense } from 'react';
import type { Child } from '@shared/api';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import type { ProfileChoice } from './add-child-form';

export type { ProfileChoice } from './add-child-form';

// The form (react-hook-form and the shared zod schema) loads when the dialog first opens, not with the page.
const AddChildForm = lazy(() => import('./add-child-form'));

interface AddChildDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The profiles the child may be added to; a selector shows when there is more than one. */
  profiles: readonly ProfileChoice[];
  onAdded?: (child: Child, profileId: string) => void;
}

function FormSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Laster skjema</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-[4.6rem] w-full rounded-xl" />
      ))}
    </div>
  );
}

/** Spec §2 child add modal ('Legg til barn'). */
export function AddChildDialog({ open, onOpenChange, profiles, onAdded }: AddChildDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Legg til barn">
      {/* Mounted per opening: a fresh, empty form each time. */}
      {open ? (
        <Suspense fallback={<FormSkeleton />}>
          <AddChildForm profiles={profiles} onAdded={onAdded} onDone={() => onOpenChange(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
