import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { children, courses, participants, places, profileParents } from '../../db/schema';

export async function findCourseForCalendar(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      experienceLevel: courses.experienceLevel,
      dates: courses.dates,
      timeFrom: courses.timeFrom,
      timeTo: courses.timeTo,
      placeName: places.name,
      address: places.address,
      zipCode: places.zipCode,
      town: places.place,
    })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(eq(courses.id, courseId));
  return row;
}

/** Whether a child from one of the user's profiles (families) takes part in the course. */
export async function hasFamilyParticipant(db: DbOrTx, courseId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ childId: participants.childId })
    .from(participants)
    .innerJoin(children, eq(children.id, participants.childId))
    .innerJoin(profileParents, and(eq(profileParents.profileId, children.profileId), eq(profileParents.userId, userId)))
    .where(eq(participants.courseId, courseId))
    .limit(1);
  return !!row;
}
