import { timingSafeEqual } from 'node:crypto';
import type { Invite, InviteAnswerInput, InviteAnswerResult, InviteInput, InviteLink } from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { enqueueEmail } from '../../integrations/email';
import { guardianLeft } from '../../domain/membership/events';
import { AppError } from '../../lib/app-error';
import { hashSecret, newLinkSecret } from '../../lib/secret-link';
import * as profilesRepo from '../../repos/profiles.repo';
import * as system from '../../repos/system.repo';
import * as usersRepo from '../../repos/users.repo';
import { inviteEmail } from './invite-email';

/*
 * An invite is a capability (lib/secret-link.ts). Joining takes the link, a Vipps login, and either a Vipps-verified
 * address equal to the invited one or the owner's confirmation.
 */

type Listed = Awaited<ReturnType<typeof profilesRepo.listInvites>>[number];

const DAY_MS = 86_400_000;

const toInvite = (row: Listed, forInvitee = false): Invite => ({
  _id: row.id,
  profile: { _id: row.profileId, children: row.children.map((c) => ({ _id: c.id, firstName: c.firstName, lastName: c.lastName })) },
  email: row.email,
  status: row.status as Invite['status'],
  inviter: row.inviter,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  // The invitee's own list says nothing about who else holds the link.
  claimedBy: forInvitee ? null : row.claimedBy,
  acceptedBy: forInvitee ? null : row.acceptedBy,
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

const notFound = () => new AppError('NOT_FOUND', 'No such invite');

function secretMatches(secret: string | undefined, hash: string | null): boolean {
  if (!secret || !hash) return false;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The user's address is the invited one, and Vipps has verified it. */
const verifiedMatch = (user: usersRepo.UserRow, invite: profilesRepo.InviteRow) =>
  user.emailVerified && !!user.email && user.email.toLowerCase() === invite.email.toLowerCase();

const isExpired = (ctx: ServiceContext, invite: profilesRepo.InviteRow) => invite.expiresAt.getTime() <= ctx.clock.now().getTime();

async function listedInvite(ctx: ServiceContext, invite: Pick<profilesRepo.InviteRow, 'id' | 'profileId'>): Promise<Invite> {
  const [row] = (await profilesRepo.listInvites(ctx.db, { profileId: invite.profileId })).filter((i) => i.id === invite.id);
  return toInvite(row!);
}

/** Spec §7 GET /invites/user/{id}/pending: live invites to the user's address, when Vipps has verified it. */
export async function pendingInvitesOf(ctx: ServiceContext, userId: string): Promise<Invite[]> {
  await requireAccess(ctx, 'user.act-as', userId);
  const user = await usersRepo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (!user.email || !user.emailVerified) return [];
  const rows = await profilesRepo.listInvites(ctx.db, { email: user.email, status: 'pending', live: ctx.clock.now() });
  return rows.map((row) => toInvite(row, true));
}

/** Spec §7 GET /invites/profile/{id}: every invite of the profile, for its guardians (and admin). */
export async function invitesOfProfile(ctx: ServiceContext, profileId: string): Promise<Invite[]> {
  await requireAccess(ctx, 'profile.read', profileId);
  return (await profilesRepo.listInvites(ctx.db, { profileId })).map((row) => toInvite(row));
}

/** Spec §7 POST /invites: one pending per profile and address, rate-limited; children's names only to a verified address. */
export async function createInvite(ctx: ServiceContext, input: InviteInput): Promise<Invite> {
  const { db } = ctx;
  await requireAccess(ctx, 'profile.invite', input.profileId);
  const email = input.email.trim();
  const guardians = await usersRepo.findUsers(db, await profilesRepo.guardianIds(db, input.profileId));
  if (guardians.some((g) => g.email && g.email.toLowerCase() === email.toLowerCase())) {
    throw new AppError('ALREADY_INVITED', 'already invited: the address belongs to a guardian of this profile');
  }
  const { count } = await system.hitCounter(db, `invite-to:${email.toLowerCase()}`, DAY_MS);
  if (count > ctx.env.INVITE_RECIPIENT_LIMIT) throw new AppError('RATE_LIMITED', 'Too many invites to this address today');

  const inviter = (await usersRepo.findUserById(db, signedIn(ctx).id))!;
  const knownAddress = await usersRepo.isVerifiedEmailOfUser(db, email);
  const now = ctx.clock.now();
  const secret = newLinkSecret();
  const expiresAt = new Date(now.getTime() + ctx.env.INVITE_TTL_DAYS * DAY_MS);
  const id = await withTx(ctx, async (ctx) => {
    await profilesRepo.deleteExpiredPendingInvite(ctx.db, input.profileId, email, now);
    const row = await profilesRepo.insertInvite(ctx.db, { profileId: input.profileId, email, inviterId: inviter.id, secretHash: hashSecret(secret), expiresAt });
    if (!row) throw new AppError('ALREADY_INVITED', 'already invited');
    const kids = knownAddress ? await profilesRepo.findChildren(ctx.db, await profilesRepo.childIdsOfProfile(ctx.db, input.profileId)) : [];
    await enqueueEmail(
      ctx.db,
      inviteEmail({
        to: email,
        secret,
        expiresAt,
        inviter,
        childNames: kids.map((k) => k.firstName),
        companyName: ctx.env.site.companyName,
        publicUrl: ctx.env.PUBLIC_URL,
      }),
    );
    return row.id;
  });
  return listedInvite(ctx, { id, profileId: input.profileId });
}

/** POST /invites/link {secret}: what the link's page shows the signed-in recipient before the one tap. */
export async function openInviteLink(ctx: ServiceContext, secret: string): Promise<InviteLink> {
  const invite = await profilesRepo.findInviteBySecretHash(ctx.db, hashSecret(secret));
  if (!invite) throw notFound();
  if (invite.status === 'pending' && isExpired(ctx, invite)) throw new AppError('INVITE_EXPIRED', 'The invite has expired');
  const me = (await usersRepo.findUserById(ctx.db, signedIn(ctx).id))!;
  const direct = verifiedMatch(me, invite);
  const [listed] = (await profilesRepo.listInvites(ctx.db, { profileId: invite.profileId })).filter((i) => i.id === invite.id);
  const guardian = await profilesRepo.isGuardianOfProfile(ctx.db, me.id, invite.profileId);
  return {
    _id: invite.id,
    status: invite.status as InviteLink['status'],
    inviter: listed!.inviter,
    children: direct && invite.status === 'pending' ? listed!.children.map((c) => c.firstName) : [],
    expiresAt: invite.expiresAt.toISOString(),
    join: direct ? 'direct' : 'owner',
    claimedByYou: invite.claimedById === me.id,
    profileId: guardian ? invite.profileId : null,
  };
}

/** Spec §7 PATCH /invites/{id}: accept with the secret (joins with a verified matching address), reject with it too. */
export async function answerInvite(ctx: ServiceContext, inviteId: string, input: InviteAnswerInput): Promise<InviteAnswerResult> {
  const { db } = ctx;
  const viewer = signedIn(ctx);
  const invite = await profilesRepo.findInvite(db, inviteId);
  const me = await usersRepo.findUserById(db, viewer.id);
  if (!invite || !me) throw notFound();
  const hasLink = secretMatches(input.secret, invite.secretHash);
  const direct = verifiedMatch(me, invite);
  if (!hasLink && (input.status === 'accepted' || !direct)) throw notFound();
  if (invite.status !== 'pending') throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
  if (isExpired(ctx, invite)) throw new AppError('INVITE_EXPIRED', 'The invite has expired');
  const now = ctx.clock.now();
  const result = await db.transaction(async (tx): Promise<InviteAnswerResult> => {
    if (!(await profilesRepo.lockProfile(tx, invite.profileId))) throw notFound();
    if (input.status === 'rejected') {
      if (!(await profilesRepo.rejectInvite(tx, inviteId, now))) throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
      return { _id: inviteId, status: 'rejected', profileId: null, awaitingOwner: false };
    }
    if (direct) {
      if (!(await profilesRepo.acceptInvite(tx, inviteId, me.id, now))) throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
      await profilesRepo.appendGuardian(tx, invite.profileId, me.id);
      return { _id: inviteId, status: 'accepted', profileId: invite.profileId, awaitingOwner: false };
    }
    const current = await profilesRepo.findInvite(tx, inviteId);
    if (current?.claimedById && current.claimedById !== me.id) {
      throw new AppError('INVITE_NOT_PENDING', 'Someone else has already asked to join through this invite');
    }
    if (!(await profilesRepo.claimInvite(tx, inviteId, me.id, now))) throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
    return { _id: inviteId, status: 'pending', profileId: null, awaitingOwner: true };
  });
  ctx.log.info({ inviteId, userId: me.id, status: result.status, awaitingOwner: result.awaitingOwner }, 'invite answered');
  return result;
}

/** The invite, for its sender's side: the profile's owner, or an admin (404 when there is none). */
async function senderSideInvite(ctx: ServiceContext, inviteId: string): Promise<profilesRepo.InviteRow> {
  const invite = await profilesRepo.findInvite(ctx.db, inviteId);
  if (!invite) throw notFound();
  await requireAccess(ctx, 'profile.invite', invite.profileId);
  return invite;
}

/** POST /invites/{id}/confirm: the owner (or an admin) lets the person who asked through the link join. */
export async function confirmInvite(ctx: ServiceContext, inviteId: string): Promise<Invite> {
  const invite = await senderSideInvite(ctx, inviteId);
  if (invite.status !== 'pending') throw new AppError('INVITE_NOT_PENDING', 'The invite has already been answered');
  if (isExpired(ctx, invite)) throw new AppError('INVITE_EXPIRED', 'The invite has expired');
  const claimant = invite.claimedById;
  if (!claimant) throw new AppError('INVITE_NOT_PENDING', 'Nobody has asked to join through this invite yet');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await profilesRepo.lockProfile(tx, invite.profileId))) throw notFound();
    const current = await profilesRepo.findInvite(tx, inviteId);
    if (current?.claimedById !== claimant || !(await profilesRepo.acceptInvite(tx, inviteId, claimant, now))) {
      throw new AppError('INVITE_NOT_PENDING', 'The invite has changed');
    }
    await profilesRepo.appendGuardian(tx, invite.profileId, claimant);
  });
  ctx.log.info({ inviteId, userId: claimant, by: signedIn(ctx).id }, 'invite confirmed by the owner');
  return listedInvite(ctx, invite);
}

/** POST /invites/{id}/undo: the owner (or an admin) undoes an accepted invite; the person who joined leaves. */
export async function undoInvite(ctx: ServiceContext, inviteId: string): Promise<Invite> {
  const invite = await senderSideInvite(ctx, inviteId);
  const joined = invite.acceptedById;
  if (invite.status !== 'accepted' || !joined) throw new AppError('INVITE_NOT_PENDING', 'Only an accepted invite can be undone');
  const now = ctx.clock.now();
  await withTx(ctx, async (ctx) => {
    const tx = ctx.db;
    if (!(await profilesRepo.lockProfile(tx, invite.profileId))) throw notFound();
    const current = await profilesRepo.guardianIds(tx, invite.profileId);
    if (current[0] === joined) throw new AppError('LAST_GUARDIAN', 'The first guardian cannot be removed');
    if (!(await profilesRepo.revokeInvite(tx, inviteId, now))) throw new AppError('INVITE_NOT_PENDING', 'Only an accepted invite can be undone');
    if (current.includes(joined)) {
      await profilesRepo.setGuardians(tx, invite.profileId, current.filter((id) => id !== joined));
      await guardianLeft(ctx, invite.profileId, joined);
    }
  });
  ctx.log.info({ inviteId, userId: joined, by: signedIn(ctx).id }, 'accepted invite undone');
  return listedInvite(ctx, invite);
}

/** Spec §7 DELETE /invites/{id}: the sender's side (the profile's owner, or an admin) withdraws a pending invite. */
export async function deleteInvite(ctx: ServiceContext, inviteId: string): Promise<void> {
  await senderSideInvite(ctx, inviteId);
  if (!(await profilesRepo.deletePendingInvite(ctx.db, inviteId))) {
    throw new AppError('INVITE_NOT_PENDING', 'Only a pending invite can be deleted');
  }
}
