import { lazy, Suspense } from 'react';
import { Modal } from '@/components/ui/modal';
import { FormSkeleton } from '@/components/ui/skeleton';

// The form (and the shared zod schema it checks with) loads when the dialog first opens, not with the profile page.
const InviteForm = lazy(() => import('./invite-guardian-form'));

/** Spec §2 'invite guardian' modal: an e-mail address (§5 rules), 'Invitasjon sendt!'. */
export function InviteGuardianDialog({ profileId, open, onOpenChange }: { profileId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Inviter foresatt">
      {open ? (
        <Suspense fallback={<FormSkeleton fields={1} />}>
          <InviteForm profileId={profileId} onDone={() => onOpenChange(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
