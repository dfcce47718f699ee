import type { Invite, InviteInput } from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { enqueueEmail } from '../../integrations/email';
import { AppError } from '../../plugins/errors';
import * as profilesRepo from '../../repos/profiles.repo';
import * as usersRepo from '../../repos/users.repo';
import { inviteEmail } from './invite-email';

type Listed = Awaited<ReturnType<typeof profilesRepo.listInvites>>[number];

const toInvite = (row: Listed): Invite => ({
  _id: row.id,
  profile: {
    _id: row.profileId,
    children: row.children.map((c) => ({ _id: c.id, firstName: c.firstName, lastName: c.lastName })),
  },
  email: row.email,
  status: row.status as Invite['status'],
  inviter: row.inviter,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', 'No such invite');

/** Spec §7 GET /invites/user/{id}/pending: invites to the user's e-mail address that wait for an answer. */
export async function pendingInvitesOf(ctx: ServiceContext, userId: string): Promise<Invite[]> {
  await requireAccess(ctx, 'user.act-as', userId);
  const user = await usersRepo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (!user.email) return [];
  return (await profilesRepo.listInvites(ctx.db, { email: user.email, status: 'pending' })).map(toInvite);
}

/** Spec §7 GET /invites/profile/{id}: every invite of the profile, for its guardians (and admin). */
export async function invitesOfProfile(ctx: ServiceContext, profileId: string): Promise<Invite[]> {
  await requireAccess(ctx, 'profile.read', profileId);
  return (await profilesRepo.listInvites(ctx.db, { profileId })).map(toInvite);
}

/**
 * Spec §7 POST /invites: the profile's owner (or an admin) invites another guardian by e-mail. One pending invite per
 * profile and address (ALREADY_INVITED, the spec's 'already invited' warning); a present guardian is not invited
 * again. The e-mail goes through the outbox in the same transaction, so it exists exactly when the invite does.
 */
export async function createInvite(ctx: ServiceContext, input: InviteInput): Promise<Invite> {
  const { db, viewer } = ctx;
  await requireAccess(ctx, 'profile.invite', input.profileId);
  const email = input.email.trim();
  const guardians = await usersRepo.findUsers(db, await profilesRepo.guardianIds(db, input.profileId));
  if (guardians.some((g) => g.email && g.email.toLowerCase() === email.toLowerCase())) {
    throw new AppError('ALREADY_INVITED', 'already invited: the address belongs to a guardian of this profile');
  }
  const inviter = (await usersRepo.findUserById(db, viewer!.id))!;
  const id = await withTx(ctx, async (ctx) => {
    const row = await profilesRepo.insertInvite(ctx.db, { profileId: input.profileId, email, inviterId: inviter.id });
    if (!row) throw new AppError('ALREADY_INVITED', 'already invited');
    const kids = await profilesRepo.findChildren(ctx.db, await profilesRepo.childIdsOfProfile(ctx.db, input.profileId));
    await enqueueEmail(
      ctx.db,
      inviteEmail({
        to: email,
        inviteId: row.id,
        inviter,
        childNames: kids.map((k) => k.firstName),
        companyName: ctx.env.site.companyName,
        publicUrl: ctx.env.PUBLIC_URL,
      }),
    );
    return row.id;
  });
  const [created] = (await profilesRepo.listInvites(db, { profileId: input.profileId })).filter((i) => i.id === id);
  return toInvite(created!);
}

/**
 * Spec §7 PATCH /invites/{id} {status}: the invitee (the signed-in user whose e-mail the invite was sent to) accepts
 * or rejects. Accepting makes them a guardian of the profile (last in order). Anyone else: 404.
 */
export async function answerInvite(ctx: ServiceContext, inviteId: string, status: 'accepted' | 'rejected'): Promise<Invite> {
  const { db } = ctx;
  const viewer = ctx.viewer!;
  const invite = await profilesRepo.findInvite(db, inviteId);
  const me = await usersRepo.findUserById(db, viewer.id);
  if (!invite || !me?.email || me.email.toLowerCase() !== invite.email.toLowerCase()) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await profilesRepo.lockProfile(tx, invite.profileId))) throw notFound();
    const answered = await profilesRepo.answerInvite(tx, inviteId, status);
    if (!answered) throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
    if (status === 'accepted') await profilesRepo.appendGuardian(tx, invite.profileId, viewer.id);
  });
  const [row] = (await profilesRepo.listInvites(db, { profileId: invite.profileId })).filter((i) => i.id === inviteId);
  return toInvite(row!);
}

/** Spec §7 DELETE /invites/{id}: the sender's side (the profile's owner, or an admin) withdraws a pending invite. */
export async function deleteInvite(ctx: ServiceContext, inviteId: string): Promise<void> {
  const invite = await profilesRepo.findInvite(ctx.db, inviteId);
  if (!invite) throw notFound();
  await requireAccess(ctx, 'profile.invite', invite.profileId);
  if (!(await profilesRepo.deletePendingInvite(ctx.db, inviteId))) {
    throw new AppError('INVITE_NOT_PENDING', 'Only a pending invite can be deleted');
  }
}
