import type { Invite } from '@shared/api/invites';

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
  const names = invite.profile.children.map((c) => c.firstName);
  if (names.length === 0) return '';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} og ${names.at(-1)}`;
};
