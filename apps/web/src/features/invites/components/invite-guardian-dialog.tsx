import { lazy, Suspense } from 'react';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';

// The form (and the shared zod schema it checks with) loads when the dialog first opens, not with the profile page.
const InviteForm = lazy(() => import('./invite-guardian-form'));

function FormSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Laster skjema</span>
      <Skeleton className="h-[4.6rem] w-full rounded-xl" />
    </div>
  );
}

/** Spec §2 'invite guardian' modal: an e-mail address (§5 rules), 'Invitasjon sendt!'. */
export function InviteGuardianDialog({ profileId, open, onOpenChange }: { profileId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Inviter foresatt">
      {open ? (
        <Suspense fallback={<FormSkeleton />}>
          <InviteForm profileId={profileId} onDone={() => onOpenChange(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
