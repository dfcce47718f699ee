import type { LadderOrder, Level } from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { mapConstraintErrors } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/levels.repo';

/** The ladder of levels and skills (decision 057): everyone signed in reads it; admins change it. */

/** Levels bottom first, each with its skills in order; retired ones included (marked). */
export async function listLadder(ctx: ServiceContext): Promise<Level[]> {
  const [levels, skills] = await Promise.all([repo.listLevels(ctx.db), repo.listSkills(ctx.db)]);
  return levels.map((l) => ({
    _id: l.id,
    name: l.name,
    retired: l.retired,
    skills: skills.filter((s) => s.levelId === l.id).map((s) => ({ _id: s.id, description: s.description, retired: s.retired })),
  }));
}

/** A name another level has: LEVEL_NAME_TAKEN; a delete of something in use: LEVEL_IN_USE (the database restricts). */
const mapped = <T>(write: () => Promise<T>): Promise<T> =>
  mapConstraintErrors(write, {
    taken: () => new AppError('LEVEL_NAME_TAKEN', 'Another level has that name'),
    inUse: () => new AppError('LEVEL_IN_USE', 'In use: retire it instead'),
  });

export async function createLevel(ctx: ServiceContext, name: string): Promise<Level[]> {
  requireAllowed(ctx, 'levels.manage');
  await mapped(() => repo.insertLevel(ctx.db, name));
  return listLadder(ctx);
}

export async function updateLevel(ctx: ServiceContext, id: string, patch: { name?: string; retired?: boolean }): Promise<Level[]> {
  await requireAccess(ctx, 'level.write', id);
  await mapped(() => repo.updateLevel(ctx.db, id, patch));
  return listLadder(ctx);
}

/** Only a level nothing refers to (no course, no mark on its skills, no recommendation); else LEVEL_IN_USE. */
export async function deleteLevel(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'level.write', id);
  await mapped(() => repo.deleteLevel(ctx.db, id));
}

export async function createSkill(ctx: ServiceContext, levelId: string, description: string): Promise<Level[]> {
  await requireAccess(ctx, 'level.write', levelId);
  await repo.insertSkill(ctx.db, levelId, description);
  return listLadder(ctx);
}

export async function updateSkill(ctx: ServiceContext, id: string, patch: { description?: string; retired?: boolean }): Promise<Level[]> {
  await requireAccess(ctx, 'skill.write', id);
  await repo.updateSkill(ctx.db, id, patch);
  return listLadder(ctx);
}

/** Only a skill never marked; else LEVEL_IN_USE. */
export async function deleteSkill(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'skill.write', id);
  await mapped(() => repo.deleteSkill(ctx.db, id));
}

/** The new order as the admin's list showed it: exactly the current ids (else CONFLICT: reload), under the ladder's lock. */
async function reorder(ctx: ServiceContext, ids: readonly string[], current: (db: DbOrTx) => Promise<{ id: string }[]>, setPositions: (db: DbOrTx, ids: readonly string[]) => Promise<void>): Promise<Level[]> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockLadder(tx);
    const known = new Set((await current(tx)).map((r) => r.id));
    if (known.size !== ids.length || ids.some((id) => !known.has(id))) throw new AppError('CONFLICT', 'The list has changed; reload and try again');
    await setPositions(tx, ids);
  });
  return listLadder(ctx);
}

export async function reorderLevels(ctx: ServiceContext, order: LadderOrder): Promise<Level[]> {
  requireAllowed(ctx, 'levels.manage');
  return reorder(ctx, order.ids, repo.listLevels, repo.setLevelPositions);
}

export async function reorderSkills(ctx: ServiceContext, levelId: string, order: LadderOrder): Promise<Level[]> {
  await requireAccess(ctx, 'level.write', levelId);
  return reorder(ctx, order.ids, (db) => repo.listSkills(db, [levelId]), repo.setSkillPositions);
}
