import type { attendance, courses, levels, participants, progressNotes, skillMarks, skills } from '../schema';
import { makeId, seededRng } from './builders';

/** The demo's ladder (decision 057), bottom first, and which demo course names teach each level. */
export const DEMO_LADDER: { name: string; courses: string[]; skills: string[] }[] = [
  {
    name: 'Babysvømming 1',
    courses: ['Babysvømming 1'],
    skills: ['Trives i vannet med en voksen', 'Flyter på ryggen med støtte', 'Får vann over hodet uten å bli redd', 'Sparker med beina'],
  },
  {
    name: 'Babysvømming 2',
    courses: ['Babysvømming 2', 'Babysvømming 3'],
    skills: ['Flyter på magen med støtte', 'Dykker med hjelp', 'Holder seg i kanten alene', 'Snur fra mage til rygg med støtte', 'Hopper fra kanten til en voksen'],
  },
  {
    name: 'Småbarnsvømming',
    courses: ['Småbarnsvømming 1', 'Småbarnsvømming 2', 'Småbarnsvømming 3'],
    skills: ['Dykker etter en ting på grunt vann', 'Blåser bobler med munnen i vannet', 'Klatrer opp av bassenget alene', 'Flyter på ryggen et lite øyeblikk', 'Hopper fra kanten og snur seg mot kanten'],
  },
  {
    name: 'Barnesvømming',
    courses: ['Barnesvømming 1', 'Barnesvømming 3'],
    skills: ['Flyter på ryggen uten hjelp', 'Glir på magen med ansiktet i vannet', 'Svømmer 5 meter', 'Dykker og henter en ring', 'Puster ut i vannet under svømmingen', 'Hopper på dypt vann'],
  },
  {
    name: 'Vannmerket',
    courses: ['Barnesvømming 2'],
    skills: ['Hopper på dypt vann og svømmer til kanten', 'Svømmer 25 meter på magen', 'Flyter på ryggen i ett minutt', 'Svømmer 25 meter på ryggen'],
  },
];

const COMMENTS = [
  'Har blitt mye tryggere i vannet i løpet av kurset. Fortsett å øve på å flyte på ryggen!',
  'Flott innsats! Dykker nå helt selv og gleder seg til hver time.',
  'En modig svømmer som liker å hoppe fra kanten. Neste steg er å øve på pusten.',
];

type CourseRow = typeof courses.$inferInsert & { id: string };

/**
 * The demo's ladder and the progress of the demo persons' children: each finished course they took gets its level,
 * nearly every date attended (so 'Kursbevis' can be downloaded), marks and a comment. Its own random stream, so the
 * rest of the demo data does not change with it.
 */
export function buildDemoProgress(input: { now: Date; courses: CourseRow[]; participants: (typeof participants.$inferInsert)[]; childIds: ReadonlySet<string>; instructorOf: (courseId: string) => string | undefined }) {
  const rng = seededRng(57);
  const id = () => makeId(rng);
  const out = {
    levels: [] as (typeof levels.$inferInsert)[],
    skills: [] as (typeof skills.$inferInsert)[],
    attendance: [] as (typeof attendance.$inferInsert)[],
    skillMarks: [] as (typeof skillMarks.$inferInsert)[],
    progressNotes: [] as (typeof progressNotes.$inferInsert)[],
  };
  const levelOfCourseName = new Map<string, { id: string; skillIds: string[] }>();
  DEMO_LADDER.forEach((level, position) => {
    const levelId = id();
    out.levels.push({ id: levelId, name: level.name, position });
    const skillIds = level.skills.map((description, i) => {
      const skillId = id();
      out.skills.push({ id: skillId, levelId, description, position: i });
      return skillId;
    });
    for (const name of level.courses) levelOfCourseName.set(name, { id: levelId, skillIds });
  });
  for (const course of input.courses) course.levelId = levelOfCourseName.get(course.name ?? '')?.id ?? null;

  const byId = new Map(input.courses.map((c) => [c.id, c]));
  let n = 0;
  for (const seat of input.participants) {
    const course = byId.get(seat.courseId);
    const level = levelOfCourseName.get(course?.name ?? '');
    if (!course || !level || !input.childIds.has(seat.childId) || !course.lastDate || course.lastDate >= input.now) continue;
    const dates = course.dates ?? [];
    const madeBy = input.instructorOf(course.id) ?? null;
    // Away once (the certificate needs 75 % of the dates).
    const away = dates.length > 4 ? 1 : -1;
    dates.forEach((date, i) => out.attendance.push({ courseId: course.id, childId: seat.childId, date, present: i !== away, markedAt: date, markedBy: madeBy }));
    const last = dates.at(-1)!;
    level.skillIds.forEach((skillId, i) => {
      const practised = dates[Math.min(i + 1, dates.length - 1)]!;
      out.skillMarks.push({ id: id(), childId: seat.childId, skillId, courseId: course.id, state: 'Øver', madeAt: practised, madeBy });
      // The last skill is still being practised.
      if (i < level.skillIds.length - 1) out.skillMarks.push({ id: id(), childId: seat.childId, skillId, courseId: course.id, state: 'Mestrer', madeAt: new Date(Math.min(last.getTime(), practised.getTime() + 7 * 86_400_000)), madeBy });
    });
    out.progressNotes.push({ courseId: course.id, childId: seat.childId, comment: COMMENTS[n++ % COMMENTS.length]!, recommendedLevelId: level.id, writtenBy: madeBy });
  }
  return out;
}
