import { z } from '../zod';
import { INVITE_STATUSES } from '../constants';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

/** Invites to a family profile (spec §7 `/invites*`): sending, the e-mailed link, answering. */

/** Spec §5: a simple address pattern. */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const inviteInputSchema = z.object({
  profileId: idSchema,
  email: z
    .string()
    .trim()
    .min(1, 'Vennligst skriv inn en e-postadresse.')
    .max(254, 'Vennligst skriv inn en gyldig e-postadresse.')
    .regex(INVITE_EMAIL_PATTERN, 'Vennligst skriv inn en gyldig e-postadresse.'),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

/** The secret of an invite link: 32 random bytes, base64url (the part after '#' in the e-mailed link). */
export const inviteSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Lenken er ikke gyldig');

/** PATCH /invites/{id}: accepting needs the link's secret (decision 032), rejecting the secret or the verified address. */
export const inviteAnswerSchema = z.object({ status: z.enum(['accepted', 'rejected']), secret: inviteSecretSchema.optional() }).strict();
export type InviteAnswerInput = z.infer<typeof inviteAnswerSchema>;

/** What answering did: joined the family (`profileId`), or waits for the owner's confirmation. */
export const inviteAnswerResultSchema = z.object({
  _id: idSchema,
  status: z.enum(INVITE_STATUSES),
  profileId: idSchema.nullable(),
  awaitingOwner: z.boolean(),
});
export type InviteAnswerResult = z.infer<typeof inviteAnswerResultSchema>;

const personName = z.object({ firstName: z.string(), lastName: z.string() });

export const inviteSchema = z.object({
  _id: idSchema,
  profile: z.object({
    _id: idSchema,
    children: z.array(z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() })),
  }),
  email: z.string(),
  status: z.enum(INVITE_STATUSES),
  inviter: personName.nullable(),
  createdAt: isoDateTime,
  /** The link stops working then (default 14 days after sending). */
  expiresAt: isoDateTime,
  /** Opened the link and tapped 'Godta' without a verified matching address: the owner confirms or deletes. */
  claimedBy: personName.extend({ phone: z.string().nullable() }).nullable(),
  /** Who joined the family through it (the owner may undo that). */
  acceptedBy: personName.nullable(),
  answeredAt: isoDateTime.nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.array(inviteSchema);

/** POST /invites/link {secret}: the invite behind an e-mailed link, as its recipient sees it before answering. */
export const inviteLinkInputSchema = z.object({ secret: inviteSecretSchema }).strict();
export const inviteLinkSchema = z.object({
  _id: idSchema,
  status: z.enum(INVITE_STATUSES),
  inviter: personName.nullable(),
  /** The children's first names; only for a viewer whose verified address the invite was sent to. */
  children: z.array(z.string()),
  expiresAt: isoDateTime,
  /** 'direct': the viewer's verified address matches and 'Godta' joins; 'owner': the owner must confirm. */
  join: z.enum(['direct', 'owner']),
  /** The viewer has already tapped 'Godta' and waits for the owner. */
  claimedByYou: z.boolean(),
  /** Set when the viewer is a guardian of the family (e.g. accepted before). */
  profileId: idSchema.nullable(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

