import type { Invite } from '@shared/api/invites';
import { listOf } from '@/lib/format';

/** Spec §4 invite states. */
export const INVITE_STATUS_LABELS: Record<Invite['status'], string> = {
  pending: 'Venter på svar',
  accepted: 'Godtatt',
  rejected: 'Avslått',
  revoked: 'Angret',
};

export const INVITE_STATUS_STYLE: Record<Invite['status'], string> = {
  pending: 'bg-sand-100 text-ink',
  accepted: 'bg-aqua-100 text-aqua-700',
  rejected: 'bg-white text-muted ring-1 ring-line',
  revoked: 'bg-white text-muted ring-1 ring-line',
};

export const childNames = (invite: Invite): string => {
  return listOf(invite.profile.children.map((c) => c.firstName));
};
