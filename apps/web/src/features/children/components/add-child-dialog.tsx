import { lazy, Suspense } from 'react';
import type { Child } from '@shared/api';
import { Modal } from '@/components/ui/modal';
import { FormSkeleton } from '@/components/ui/skeleton';
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

/** Spec §2 child add modal ('Legg til barn'). */
export function AddChildDialog({ open, onOpenChange, profiles, onAdded }: AddChildDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Legg til barn">
      {/* Mounted per opening: a fresh, empty form each time. */}
      {open ? (
        <Suspense fallback={<FormSkeleton fields={3} />}>
          <AddChildForm profiles={profiles} onAdded={onAdded} onDone={() => onOpenChange(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
