import { formatDate } from '@app/shared';
import type { ServiceContext } from '../../context';
import { enqueueEmail, type OutgoingEmail } from '../../integrations/email';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';

/**
 * A change the family is told about (a course's time or venue, a child added, removed or moved by an admin), queued in
 * the change's transaction to every guardian.
 */
function courseChangedEmail(input: { to: string; firstName: string; subject: string; lines: string[]; companyName: string }): OutgoingEmail {
  return { to: input.to, subject: input.subject, text: [`Hei ${input.firstName}!`, '', ...input.lines, '', `Hilsen ${input.companyName}`].join('\n') };
}

type CourseFacts = { name: string; experienceLevel: string; timeFrom: string; timeTo: string; placeName: string; address: string };

const title = (c: Pick<CourseFacts, 'name' | 'experienceLevel'>) => c.name.trim() || c.experienceLevel;

async function tellFamily(ctx: ServiceContext, profileId: string, subject: string, lines: string[]): Promise<void> {
  const guardians = await users.findUsers(ctx.db, (await profiles.listGuardians(ctx.db, [profileId])).map((g) => g.userId));
  for (const g of guardians) {
    if (g.email) await enqueueEmail(ctx.db, courseChangedEmail({ to: g.email, firstName: g.firstName, subject, lines, companyName: ctx.env.site.companyName }));
  }
}

const courseLine = async (ctx: ServiceContext, courseId: string) => {
  const c = await courses.findCourseDetails(ctx.db, courseId);
  return c ? `${title(c)}, ${c.placeName}, kl. ${c.timeFrom}–${c.timeTo}${c.dates[0] ? `, fra ${formatDate(c.dates[0])}` : ''}` : 'kurset';
};

/** An admin put a child on a course, took it off, or moved it. */
export async function tellChildChange(ctx: ServiceContext, kind: 'added' | 'removed' | 'moved', input: { childId: string; courseId: string; fromCourseId?: string }): Promise<void> {
  const child = await profiles.findChild(ctx.db, input.childId);
  if (!child) return;
  const now = await courseLine(ctx, input.courseId);
  if (kind === 'added') await tellFamily(ctx, child.profileId, `${child.firstName} er satt på et kurs`, [`${child.firstName} er satt på ${now}.`]);
  if (kind === 'removed') await tellFamily(ctx, child.profileId, `${child.firstName} er tatt av et kurs`, [`${child.firstName} er tatt av ${now}.`, 'Ta kontakt med oss hvis dette er feil.']);
  if (kind === 'moved') {
    const from = await courseLine(ctx, input.fromCourseId!);
    await tellFamily(ctx, child.profileId, `${child.firstName} er flyttet til et annet kurs`, [`${child.firstName} er flyttet fra ${from}`, `til ${now}.`]);
  }
}

/** A course's time or venue changed: every family with a child on it is told (dates alone: the feed follows). */
export async function tellCourseChange(ctx: ServiceContext, courseId: string, before: CourseFacts): Promise<void> {
  const after = await courses.findCourseDetails(ctx.db, courseId);
  if (!after) return;
  const lines: string[] = [];
  if (before.timeFrom !== after.timeFrom || before.timeTo !== after.timeTo) lines.push(`Ny tid: kl. ${after.timeFrom}–${after.timeTo} (før kl. ${before.timeFrom}–${before.timeTo}).`);
  if (before.placeName !== after.placeName || before.address !== after.address) lines.push(`Nytt sted: ${after.placeName}, ${after.address} (før ${before.placeName}).`);
  if (lines.length === 0) return;
  const families = new Map<string, string[]>();
  for (const c of await changes.childrenOnCourse(ctx.db, courseId)) families.set(c.profileId, [...(families.get(c.profileId) ?? []), c.firstName]);
  for (const [profileId, names] of families) {
    await tellFamily(ctx, profileId, `Endring: ${title(after)}`, [`${title(after)} for ${names.join(' og ')} er endret.`, ...lines]);
  }
}
