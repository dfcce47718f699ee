import type { DbOrTx } from '../db/client';
import * as profiles from '../features/profiles/profiles.repo';
import type { Viewer } from '../plugins/auth';
import { AppError } from '../plugins/errors';

/**
 * Object-level access for the family profile (profiles, guardians, children, invites, users). Every service of the
 * family feature asks here, and nowhere else: "may this viewer do this action to that object?". Throws NOT_FOUND when
 * the object does not exist, FORBIDDEN when it does and the viewer may not (the spec's 'Ingen tilgang' view).
 *
 * - profile.read: the profile's guardians; admin.
 * - profile.write, profile.invite, guardian.remove: the profile's owner (first guardian); admin. (A guardian may also
 *   leave a profile: that case is decided by the profile service on top of profile.read.)
 * - child.read, child.write: the guardians of the child's profile; admin.
 * - user.read (e.g. their pending invites), user.delete: the user themself; admin. user.roles: admin.
 */
export type FamilyAction =
  | 'profile.read'
  | 'profile.write'
  | 'profile.invite'
  | 'guardian.remove'
  | 'child.read'
  | 'child.write'
  | 'user.read'
  | 'user.roles'
  | 'user.delete';

type SignedIn = NonNullable<Viewer>;

const forbidden = () => new AppError('FORBIDDEN', 'Not allowed');
const notFound = (what: string) => new AppError('NOT_FOUND', `No such ${what}`);

export async function requireFamilyAccess(db: DbOrTx, viewer: Viewer, action: FamilyAction, id: string): Promise<void> {
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  switch (action) {
    case 'profile.read':
    case 'profile.write':
    case 'profile.invite':
    case 'guardian.remove': {
      const position = await profiles.guardianPosition(db, viewer.id, id);
      if (position === null && !(await profiles.profileExists(db, id))) throw notFound('profile');
      if (viewer.isAdmin) return;
      if (position === null) throw forbidden();
      if (action !== 'profile.read' && position !== 0) throw forbidden();
      return;
    }
    case 'child.read':
    case 'child.write': {
      const child = await profiles.findChild(db, id);
      if (!child) throw notFound('child');
      if (viewer.isAdmin) return;
      if ((await profiles.guardianPosition(db, viewer.id, child.profileId)) === null) throw forbidden();
      return;
    }
    case 'user.roles':
      if (!viewer.isAdmin) throw forbidden();
      return;
    case 'user.read':
    case 'user.delete':
      if (viewer.id !== id && !viewer.isAdmin) throw forbidden();
      return;
  }
}

export async function canFamily(db: DbOrTx, viewer: Viewer, action: FamilyAction, id: string): Promise<boolean> {
  try {
    await requireFamilyAccess(db, viewer, action, id);
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND')) return false;
    throw err;
  }
}

export type { SignedIn };
