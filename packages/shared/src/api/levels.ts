import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime, trimmed } from './common';

/** The ladder (decision 057): levels (nivåer) in order, each with its skills (ferdigheter) in order. */
export const LEVEL_NAME_MAX = 80;
export const SKILL_DESCRIPTION_MAX = 200;
export const PROGRESS_COMMENT_MAX = 500;
export const MARK_STATES = ['Øver', 'Mestrer'] as const;
export type MarkState = (typeof MARK_STATES)[number];

export const skillSchema = z.object({ _id: idSchema, description: z.string(), retired: z.boolean() });
export type Skill = z.infer<typeof skillSchema>;
export const levelSchema = z.object({ _id: idSchema, name: z.string(), retired: z.boolean(), skills: z.array(skillSchema) });
export type Level = z.infer<typeof levelSchema>;
export const levelListSchema = z.array(levelSchema);

/** POST /levels. */
export const levelInputSchema = z.object({ name: trimmed(LEVEL_NAME_MAX) });
/** PATCH /levels/{id}: rename or retire (or bring back). */
export const levelPatchSchema = z
  .object({ name: trimmed(LEVEL_NAME_MAX), retired: z.boolean() })
  .partial()
  .refine((v) => v.name !== undefined || v.retired !== undefined, 'Ingen endringer å lagre');
/** POST /levels/{id}/skills. */
export const skillInputSchema = z.object({ description: trimmed(SKILL_DESCRIPTION_MAX) });
/** PATCH /skills/{id}. */
export const skillPatchSchema = z
  .object({ description: trimmed(SKILL_DESCRIPTION_MAX), retired: z.boolean() })
  .partial()
  .refine((v) => v.description !== undefined || v.retired !== undefined, 'Ingen endringer å lagre');
/** PUT /levels/order and PUT /levels/{id}/skills/order: every id once, in the new order. */
export const ladderOrderSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'Hver id kan bare stå én gang'),
});
export type LadderOrder = z.infer<typeof ladderOrderSchema>;

/** One tap on the pool deck: the mark's own time (the offline queue sends it later). */
export const skillMarkSchema = z.object({ childId: idSchema, skillId: idSchema, state: z.enum(MARK_STATES), madeAt: isoDateTime });
export type SkillMark = z.infer<typeof skillMarkSchema>;
/** POST /courses/{id}/skill-marks: a batch of the offline queue. */
export const skillMarksInputSchema = z.object({ marks: z.array(skillMarkSchema).min(1).max(500) });
export type SkillMarksInput = z.infer<typeof skillMarksInputSchema>;

/** A child's current state of a skill: the latest mark (by made_at). */
export const currentMarkSchema = z.object({ childId: idSchema, skillId: idSchema, state: z.enum(MARK_STATES), madeAt: isoDateTime });
export type CurrentMark = z.infer<typeof currentMarkSchema>;

/** PUT /courses/{id}/progress/{childId}: 'Kommentar til foreldrene' and 'Anbefalt neste kurs'. */
export const progressNoteInputSchema = z.object({
  comment: z.string().trim().max(PROGRESS_COMMENT_MAX, `Kommentaren kan være høyst ${PROGRESS_COMMENT_MAX} tegn`),
  recommendedLevelId: idSchema.nullable(),
});
export type ProgressNoteInput = z.infer<typeof progressNoteInputSchema>;
export const courseChildParamsSchema = z.object({ id: idSchema, childId: idSchema });
/** GET /children/{id}/courses/{courseId}/certificate. */
export const childCourseParamsSchema = z.object({ id: idSchema, courseId: idSchema });

/** GET /courses/{id}/progress: the grid 'Ferdigheter' (the course's instructors and admins). */
export const courseProgressSchema = z.object({
  level: levelSchema.nullable(),
  /** The level after the course's, for 'Anbefalt neste kurs' (null at the top of the ladder). */
  nextLevel: z.object({ _id: idSchema, name: z.string() }).nullable(),
  children: z.array(
    z.object({
      _id: idSchema,
      firstName: z.string(),
      lastName: z.string(),
      comment: z.string(),
      recommendedLevelId: idSchema.nullable(),
      /** The default 'Anbefalt neste kurs': the next level once every skill is mastered, else the same. */
      defaultRecommendationId: idSchema.nullable(),
    }),
  ),
  marks: z.array(currentMarkSchema),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** GET /children/{id}/progress: 'Fremgang' on /profil (the child's guardians, its instructors, admins). */
export const childProgressSchema = z.object({
  ladder: z.array(z.object({ _id: idSchema, name: z.string() })),
  /** The level of the child's latest course that has one; null: none yet. */
  currentLevelId: idSchema.nullable(),
  levels: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      skills: z.array(z.object({ _id: idSchema, description: z.string(), state: z.enum(MARK_STATES).nullable(), masteredAt: isoDateTime.nullable() })),
    }),
  ),
  courses: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      levelName: z.string().nullable(),
      comment: z.string(),
      recommendedLevel: z.string().nullable(),
      /** The course is over and the child came to enough of its dates: 'Kursbevis' can be downloaded. */
      certificate: z.boolean(),
    }),
  ),
});
export type ChildProgress = z.infer<typeof childProgressSchema>;
