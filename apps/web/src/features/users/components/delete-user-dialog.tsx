import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '@shared/api';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { fullName, osloDateKey } from '@/lib/format';
import { endSession } from '@/lib/session';
import { useDeleteUser } from '@/features/users/api/users';

/** What deleting the user does to their families (decision 008), said before they confirm. */
export function deletionConsequences(userId: string, profiles: readonly Profile[], now = new Date()) {
  const today = osloDateKey(now);
  const deleted: { name: string; runningCourses: string[] }[] = [];
  const kept: string[] = [];
  for (const profile of profiles) {
    const others = profile.parents.filter((p) => p._id !== userId);
    for (const child of profile.children) {
      if (others.length > 0) {
        kept.push(`${child.firstName} (hos ${others.map(fullName).join(' og ')})`);
        continue;
      }
      const running = child.courses
        .filter((c) => c.dates.length === 0 || c.dates.some((d) => osloDateKey(d) >= today))
        .map((c) => c.name || c.experienceLevel);
      deleted.push({ name: fullName(child), runningCourses: running });
    }
  }
  return { deleted, kept };
}

interface DeletionConsequencesProps {
  consequences: ReturnType<typeof deletionConsequences>;
  deletedHeading: string;
  /** Said after the running courses' warning (the own deletion asks the user to get in touch about refunds). */
  runningNote?: string;
}

/** The children deleted with the user, those who stay with other guardians, and running courses that lose a child. */
export function DeletionConsequences({ consequences: { deleted, kept }, deletedHeading, runningNote }: DeletionConsequencesProps) {
  const running = deleted.filter((d) => d.runningCourses.length > 0);
  return (
    <>
      {[
        { heading: deletedHeading, names: deleted.map((d) => d.name) },
        { heading: 'Disse barna blir værende hos de andre foresatte:', names: kept },
      ].map(({ heading, names }) =>
        names.length > 0 ? (
          <div key={heading}>
            <p className="font-semibold">{heading}</p>
            <ul className="mt-1 list-disc pl-6">
              {names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
      {running.length > 0 ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {running.map((r) => `${r.name} er påmeldt ${r.runningCourses.join(', ')}`).join('. ')}. Plassen blir ledig for andre, og
          kurset refunderes ikke automatisk.{runningNote ? ` ${runningNote}` : ''}
        </p>
      ) : null}
    </>
  );
}

interface DeleteUserConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  confirmText: string;
  remove: () => Promise<unknown>;
  /** After the toast 'Brukeren har blitt slettet'. */
  onDeleted?: () => void;
  /** Says the failure; the dialog then stays open. */
  onFailed: (error: unknown) => void;
  children: ReactNode;
}

/** The 'Slett bruker' confirmation of both deletions (the user's own and an admin's): runs `remove` and says how it went. */
export function DeleteUserConfirm({ open, onOpenChange, confirmText, remove, onDeleted, onFailed, children }: DeleteUserConfirmProps) {
  return (
    <ConfirmDialog
      confirmVariant="danger"
      open={open}
      onOpenChange={onOpenChange}
      title="Slett bruker"
      confirmText={confirmText}
      busyText="Sletter …"
      onConfirm={() =>
        remove().then(
          () => {
            toast.success('Brukeren har blitt slettet');
            onDeleted?.();
          },
          (error: unknown) => {
            onFailed(error);
            throw error;
          },
        )
      }
    >
      {children}
    </ConfirmDialog>
  );
}

/** 'Slett bruker': the user deletes their own user after a confirmation that says what happens. */
export function DeleteUserButton({ userId, profiles }: { userId: string; profiles: readonly Profile[] }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteUser();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Slett bruker
      </Button>
      <DeleteUserConfirm
        open={open}
        onOpenChange={setOpen}
        confirmText="Ja, slett brukeren min"
        remove={() => remove.mutateAsync(userId)}
        onDeleted={() => {
          endSession('user');
          navigate(paths.home, { replace: true });
        }}
        onFailed={() => toast.error('Kunne ikke slette bruker. Prøv igjen senere.', 10_000)}
      >
        <p>Brukeren din slettes, og du blir logget ut. Dette kan ikke angres.</p>
        <DeletionConsequences
          consequences={deletionConsequences(userId, profiles)}
          deletedHeading="Disse barna slettes sammen med deg, fordi ingen andre foresatte har dem:"
          runningNote="Ta kontakt med oss om refusjon før du sletter."
        />
        <p className="text-sm text-muted">
          Ordrer beholdes i fem år fordi bokføringsloven krever det, men navnene fjernes.
        </p>
      </DeleteUserConfirm>
    </>
  );
}
