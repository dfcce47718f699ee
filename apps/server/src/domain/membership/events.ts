import { formatDate, formatTime } from '@app/shared';
import type { ServiceContext } from '../../context';
import { renewFeedAddress } from './feed-secret';
import { enqueueEmail, type OutgoingEmail } from '../../integrations/email';
import { hashSecret, newLinkSecret, secretLink } from '../../lib/secret-link';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as outbox from '../../repos/outbox.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import * as waitlist from '../../repos/waitlist.repo';

/**
 * What follows when a guardian leaves a family: every path that takes a guardian out (removed by the owner, leaving,
 * an invite undone, an account deleted) calls this in its transaction, after the guardian list changed. The copies a
 * former guardian could keep: the family calendar feed's address (renewed: the old one answers 404); the e-mailed links
 * of open choices for cancelled dates (new secrets, sent to the remaining guardians); the waitlist entries they made
 * (handed to the first remaining guardian, so an offer reaches the family). Orders need nothing: acting on one asks
 * for a current guardian (access.ts). A guardian joining needs no event: access, the feed and e-mails read the
 * guardians when they act.
 */
export async function guardianLeft(ctx: ServiceContext, profileId: string, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const feedRenewed = !!(await changes.findFeedOfProfile(ctx.db, profileId));
  if (feedRenewed) await renewFeedAddress(ctx, profileId);
  const links: NewChoiceLink[] = [];
  for (const row of await changes.openChoicesOfProfile(ctx.db, profileId, now)) {
    const secret = newLinkSecret();
    await changes.setChoiceSecretHash(ctx.db, row.choice.id, hashSecret(secret));
    links.push({ childName: row.child.firstName, courseName: row.course.name, date: row.cancelled.date, deadline: row.choice.deadlineAt, secret });
  }
  const remainingIds = (await profiles.guardianIds(ctx.db, profileId)).filter((id) => id !== userId);
  const entriesHandedOver = remainingIds[0] ? await waitlist.handOverEntries(ctx.db, profileId, userId, remainingIds[0]) : 0;
  ctx.log.info({ profileId, userId, feedRenewed, linksRenewed: links.length, entriesHandedOver }, 'a guardian left the family: feed, links and waitlist entries follow the family');
  if (!feedRenewed && links.length === 0) return;
  const remaining = await users.findUsers(ctx.db, remainingIds);
  for (const g of remaining) {
    if (!g.email || g.id === userId) continue;
    await enqueueEmail(ctx.db, guardianLeftEmail({ to: g.email, firstName: g.firstName, feedRenewed, links, companyName: ctx.env.site.companyName, publicUrl: ctx.env.PUBLIC_URL }));
  }
}

/**
 * Deletes an account (by its user, an admin, or the retention job): the user leaves shared families, its own families
 * go with their children, and orders keep their amounts with the names replaced. False: no such user.
 */
export async function deleteAccount(ctx: ServiceContext, userId: string): Promise<boolean> {
  const tx = ctx.db;
  const user = await users.lockUser(tx, userId);
  if (!user) return false;
  for (const profileId of await profiles.listProfileIdsOf(tx, userId)) {
    await profiles.lockProfile(tx, profileId);
    const others = (await profiles.guardianIds(tx, profileId)).filter((g) => g !== userId);
    if (others.length > 0) {
      await profiles.setGuardians(tx, profileId, others);
      await guardianLeft(ctx, profileId, userId);
      continue;
    }
    const kids = await profiles.childIdsOfProfile(tx, profileId);
    await orders.anonymiseOrdersOfChildren(tx, kids, true);
    await courses.deleteParticipationsOf(tx, kids);
    await profiles.deleteChildren(tx, kids);
    await profiles.deleteProfile(tx, profileId);
  }
  await orders.anonymiseOrdersOfUser(tx, userId);
  if (user.email) await outbox.deleteMessagesTo(tx, user.email);
  await users.deleteUser(tx, userId);
  return true;
}

interface NewChoiceLink {
  childName: string;
  courseName: string;
  date: Date;
  deadline: Date;
  secret: string;
}

/** To each remaining guardian: the calendar's address is renewed (the new one is on /profil), and any new choice links. */
export function guardianLeftEmail(input: {
  to: string;
  firstName: string;
  feedRenewed: boolean;
  links: readonly NewChoiceLink[];
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const site = input.publicUrl.replace(/\/+$/, '');
  const lines = [`Hei ${input.firstName}!`, '', `En foresatt er ikke lenger med i familieprofilen deres hos ${input.companyName}.`];
  if (input.feedRenewed) {
    lines.push(
      'Derfor har familiekalenderen fått ny adresse, og den gamle virker ikke lenger.',
      '',
      `Bruker dere familiekalenderen i en kalenderapp, legger dere den til på nytt med den nye adressen. Du finner den under «Familiekalender» på «Min profil»: ${site}/profil`,
    );
  }
  if (input.links.length > 0) {
    lines.push('', 'Lenkene for å velge hva barnet skal få for en avlyst time er også nye. De gamle lenkene virker ikke lenger:');
    for (const l of input.links) {
      lines.push(`- ${l.childName}, ${l.courseName.trim()} ${formatDate(l.date)} kl. ${formatTime(l.date)} (velg innen ${formatDate(l.deadline)}): ${secretLink(site, '/endring', l.secret)}`);
    }
  }
  lines.push('', `Hilsen ${input.companyName}`);
  const subject = input.feedRenewed ? 'Familiekalenderen har fått ny adresse' : 'Nye lenker for avlyste timer';
  return { to: input.to, subject, text: lines.join('\n') };
}
