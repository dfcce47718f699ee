import type { PaymentStartInput } from '@app/shared';
import { can, requireAccess } from '../../access/access';
import { asViewer, signedIn, toViewer, type ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as users from '../../repos/users.repo';

/**
 * Who books for whom (the payment start, its price rules, a discount code's check): the signed-in viewer for itself, or
 * an admin on a guardian's behalf, checked as that guardian.
 */
export async function mayBook(ctx: ServiceContext, input: PaymentStartInput) {
  const viewer = signedIn(ctx);
  await requireAccess(ctx, 'user.act-as', input.userId);
  const buyer = input.userId === viewer.id ? viewer : toViewer((await users.findSessionUser(ctx.db, input.userId))!);
  // The same answer whether the child does not exist or belongs to another family.
  if (!(await can(asViewer(ctx, buyer), 'child.book', input.childId))) throw new AppError('NOT_FOUND', 'Child not found');
  return viewer;
}
