import { useState } from 'react';
import { z } from 'zod';
import { roleLabel, type Role } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Checkbox, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useAdminDeleteUser, useUpdateUserRoles, useUserProfiles } from '@/features/users/api/users';
import { DeleteUserConfirm, DeletionConsequences, deletionConsequences } from './delete-user-dialog';

/** The roles an admin toggles on a user (spec §6: instructor, admin, developer); the others stay as they are. */
export const EDITABLE_ROLES = ['instructor', 'admin', 'developer'] as const satisfies readonly Role[];
type EditableRole = (typeof EDITABLE_ROLES)[number];

const rolesFormSchema = z.object({ instructor: z.boolean(), admin: z.boolean(), developer: z.boolean() });
type RolesForm = z.infer<typeof rolesFormSchema>;

/** The user's whole role list after the form: the roles the form does not show are kept, in their order. */
export function nextRoles(current: readonly string[], form: Record<EditableRole, boolean>): Role[] {
  const kept = current.filter((r) => !(EDITABLE_ROLES as readonly string[]).includes(r)) as Role[];
  return [...kept, ...EDITABLE_ROLES.filter((r) => form[r])];
}

export interface AdminActionsUser {
  _id: string;
  firstName: string;
  lastName: string;
  roles: string[];
}

/** 'Roller' on a user card, saved together; an admin cannot take the admin role from themselves (decision 014). */
export function UserRolesEditor({ user, isSelf }: { user: AdminActionsUser; isSelf: boolean }) {
  const update = useUpdateUserRoles();
  const initial = Object.fromEntries(EDITABLE_ROLES.map((r) => [r, user.roles.includes(r)])) as RolesForm;
  const form = useZodForm(rolesFormSchema, { values: initial });
  const name = `${user.firstName} ${user.lastName}`.trim();

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId: user._id, roles: nextRoles(user.roles, values) });
      toast.success('Brukerroller har blitt oppdatert');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke oppdatere brukerroller'));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 border-t border-line pt-3">
      <fieldset>
        <legend className="font-semibold text-sea-900">
          Roller <span className="sr-only">for {name}</span>
        </legend>
        <div className="mt-2 flex flex-col gap-2">
          {EDITABLE_ROLES.map((role) => (
            <Checkbox
              key={role}
              label={roleLabel(role)}
              disabled={update.isPending || (isSelf && role === 'admin')}
              hint={isSelf && role === 'admin' ? 'Du kan ikke fjerne administratorrollen fra deg selv.' : undefined}
              {...form.register(role)}
            />
          ))}
        </div>
      </fieldset>
      <p className="mt-2 text-sm text-muted">Brukeren må logge inn på nytt etter at rollene er endret.</p>
      <Button type="submit" variant="secondary" className="mt-2" disabled={!form.formState.isDirty || update.isPending}>
        {update.isPending ? 'Lagrer …' : 'Lagre roller'}
      </Button>
    </form>
  );
}

/** 'Slett bruker' on a user card (admin): a confirmation that says what happens to the user's families first. */
export function AdminDeleteUserButton({ user }: { user: AdminActionsUser }) {
  const [open, setOpen] = useState(false);
  const remove = useAdminDeleteUser();
  const profiles = useUserProfiles(user._id, open);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)} aria-label={`Slett bruker ${name}`}>
        Slett bruker
      </Button>
      <DeleteUserConfirm
        open={open}
        onOpenChange={setOpen}
        confirmText="Ja, slett brukeren"
        remove={() => remove.mutateAsync(user._id)}
        onFailed={(error) => toast.error(errorMessage(error, 'Kunne ikke slette brukeren'))}
      >
        <div className="space-y-3">
          <p>
            <strong>{name}</strong> slettes og logges ut overalt. Dette kan ikke angres.
          </p>
          {profiles.isPending ? (
            <p role="status" className="text-muted">
              Henter familien …
            </p>
          ) : profiles.isError ? (
            <p role="status" className="text-muted">
              Kunne ikke hente familien. Barn uten andre foresatte slettes sammen med brukeren.
            </p>
          ) : (
            <DeletionConsequences
              consequences={deletionConsequences(user._id, profiles.data ?? [])}
              deletedHeading="Disse barna slettes også, fordi ingen andre foresatte har dem:"
            />
          )}
          <p className="text-sm text-muted">Ordrene beholdes for regnskapet, men navnene fjernes.</p>
        </div>
      </DeleteUserConfirm>
    </>
  );
}

/** Everything an admin does to another user from their card; on their own card only the roles (not admin). */
export function UserAdminActions({ user, isSelf }: { user: AdminActionsUser; isSelf: boolean }) {
  return (
    <>
      <UserRolesEditor user={user} isSelf={isSelf} />
      {isSelf ? null : <AdminDeleteUserButton user={user} />}
    </>
  );
}
