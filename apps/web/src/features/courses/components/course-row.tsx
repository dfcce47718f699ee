import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Course } from '@shared/api';
import { CancelledMark, heldDatesLabel, isCancelledDate } from '@/components/cancelled-dates';
import { LoginFirstButton } from '@/components/ui/login-first-button';
import { paths } from '@/config/paths';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { InfoTerm } from '@/components/ui/linkified-text';
import {
  countOf,
  formatCourseDate,
  formatDate,
  freePlacesLabel,
  fullName,
  participantNames,
  relativeDayLabel,
  weekdayPlural,
  formatKr,
  krToOre,
} from '@/lib/format';
import { Term } from '@/components/ui/term';

export interface CourseRowExtras {
  /** Admin: show the course id (spec §2). */
  showId?: boolean;
  /** Buttons for admins and instructors (edit, participants, course list, attendance), in the details. */
  renderActions?: (course: Course) => ReactNode;
  /** A full course with an open waitlist: shown instead of the pay button (the waitlist feature, composed by the route). */
  renderWaitlist?: (course: Course) => ReactNode;
  /** Enrolment night: the opening countdown or the way into the line, shown instead of 'Bestill' when it returns something. */
  renderGate?: (course: Course) => ReactNode;
}

interface CourseRowProps extends CourseRowExtras {
  course: Course;
  /** Logged in: 'Bestill' opens the booking. A visitor's 'Bestill' goes to the login page (LoginFirstButton). */
  loggedIn: boolean;
  onBook: (course: Course) => void;
  /** First names of the viewer's own children on this course (from their profiles). */
  ownChildren?: readonly string[];
}

const ownChildrenLabel = (names: readonly string[]) => `Påmeldt: ${names.join(', ')}`;

/** What the row says about booking: the server decided it with its clock (course.booking). */
function bookingStatusLabel({ booking }: Course): string | null {
  if (booking.state === 'started') return `Kurset har startet – ${countOf(booking.remainingDates.length, 'gang', 'ganger')} igjen`;
  return booking.state === 'closed' ? 'Kurset har startet' : booking.state === 'ended' ? 'Kurset er avsluttet' : null;
}

function Participants({ course, ownChildren }: { course: Course; ownChildren?: readonly string[] }) {
  // Visitors and parents receive no participant identities: the field is absent. A parent sees their own children.
  if (!course.participants) return <>{ownChildren?.length ? ownChildrenLabel(ownChildren) : 'Ikke tilgang'}</>;
  if (course.participants.length === 0) return <>Ingen påmeldte</>;
  const named = course.participants.filter((p) => !!p._id);
  // Admins get the profile link per participant (spec §2); profileId is only sent to them.
  if (named.some((p) => p.profileId)) {
    return (
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {named.map((p) => (
          <li key={p._id} className="min-w-0">{p.profileId ? <Link to={paths.profileById(p.profileId)}>{fullName(p)}</Link> : fullName(p)}</li>
        ))}
      </ul>
    );
  }
  return <>{participantNames(named)}</>;
}

export function CourseRow({ course, loggedIn, onBook, ownChildren, showId, renderActions, renderWaitlist, renderGate }: CourseRowProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const detailsId = useId();
  const bookInfoId = useId();
  // The start a parent goes by: the first date that takes place.
  const firstDate = course.dates.find((d) => !isCancelledDate(course, d)) ?? course.dates[0];
  const weekday = weekdayPlural(course.weekday);
  const time = `${course.timeFrom}–${course.timeTo}`;
  const full = course.freePlaces <= 0;
  const running = course.booking.state === 'open' || course.booking.state === 'started';
  const bookable = !full && running;
  const waitlist = full && running && course.waitlistOpen && renderWaitlist ? renderWaitlist(course) : null;
  const gate = running && renderGate ? renderGate(course) : null;
  const status = bookingStatusLabel(course);
  // Less than the full price: a late booking pro rata, or a date cancelled before booking (not sold, issue 52).
  const reduced = running && course.booking.price !== course.price;
  const instructors = course.instructors.length > 0 ? course.instructors.map(fullName).join(', ') : 'Foreløpig ukjent';

  return (
    <article data-course-id={course._id} className="rounded-2xl border border-line bg-white shadow-sm">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
        <h3 className="min-w-0 flex-1 break-words">
          <DisclosureButton
            open={open}
            controls={detailsId}
            onToggle={() => setOpen((v) => !v)}
            className="group flex w-full items-start gap-3 rounded-xl text-left"
            chevronClassName="mt-1 size-6 shrink-0 rounded-full bg-sea-50 p-1 text-sea-800 transition-transform group-aria-expanded:rotate-180 noscript:invisible"
          >
            <span className="min-w-0">
              <span className="block text-lg font-bold text-sea-900 group-hover:underline">
                {weekday} kl. {time}
              </span>
              <span className="block text-muted">
                {course.experienceLevel}
                {course.participantsAge ? ` · ${course.participantsAge}` : ''}
              </span>
              <span className="block text-sm text-muted">
                {firstDate ? `Oppstart ${formatDate(firstDate)}` : 'Datoer ikke satt'} · {heldDatesLabel(course)}
              </span>
              {status ? (
                <span className={`block text-sm font-semibold ${course.booking.state === 'started' ? 'text-aqua-700' : 'text-muted'}`}>
                  {status}
                </span>
              ) : null}
              {course.opensToAllAt ? (
                <span className="block text-sm font-semibold text-aqua-700">Åpner for alle {formatDate(course.opensToAllAt)}</span>
              ) : null}
              {ownChildren?.length ? (
                <span className="mt-1 inline-block max-w-full rounded-full bg-success-bg px-2.5 py-0.5 text-sm font-semibold text-success">
                  {ownChildrenLabel(ownChildren)}
                </span>
              ) : null}
              {course.published === false ? (
                <span className="mt-1 inline-block rounded-full bg-warning-bg px-2.5 py-0.5 text-sm font-semibold text-warning">
                  Upublisert
                </span>
              ) : null}
            </span>
          </DisclosureButton>
        </h3>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 pl-9 sm:max-w-[55%] sm:flex-nowrap sm:justify-end sm:pl-0">
          <div className="sm:text-right">
            <p className="font-bold text-ink">
              {formatKr(krToOre(course.booking.price))}
              {reduced ? (
                <span className="ml-1.5 text-sm font-normal text-muted line-through">
                  <span className="sr-only">Fullpris </span>
                  {formatKr(krToOre(course.price))}
                </span>
              ) : null}
            </p>
            {course.booking.state === 'ended' ? null : (
              <p className={`text-sm font-semibold ${full ? 'text-danger' : 'text-aqua-700'}`}>{freePlacesLabel(course.freePlaces)}</p>
            )}
          </div>
          {gate ? (
            <div className="noscript:hidden">{gate}</div>
          ) : bookable ? (
            <LoginFirstButton
              loggedIn={loggedIn}
              onClick={() => onBook(course)}
              returnTo={paths.courseAction(pathname, course._id, 'bestill')}
              aria-describedby={bookInfoId}
              className="noscript:hidden"
            >
              Bestill
            </LoginFirstButton>
          ) : waitlist ? (
            <div className="noscript:hidden">{waitlist}</div>
          ) : null}
          <span id={bookInfoId} className="sr-only">
            {weekday} kl. {time}, {course.experienceLevel}
            {firstDate ? `, oppstart ${formatDate(firstDate)}` : ''}
          </span>
        </div>
      </div>
      {/* In the page whether open or not: on a page a visitor gets without the app, boot.ts opens it (decision 045). */}
      <div id={detailsId} hidden={!open} className="border-t border-line px-4 py-4 sm:px-5">
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-2.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6">
          <Term label="Datoer">
            {course.dates.length === 0 ? (
              '-'
            ) : (
              <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                {course.dates.map((date) => {
                  const cancelled = isCancelledDate(course, date);
                  const relative = cancelled ? null : relativeDayLabel(date);
                  const past = !relative && new Date(date).getTime() < Date.now();
                  return (
                    <li key={date} className={past || cancelled ? 'text-muted' : undefined} data-cancelled={cancelled || undefined}>
                      {cancelled ? <s>{formatCourseDate(date, course.timeFrom)}</s> : formatCourseDate(date, course.timeFrom)}
                      {cancelled ? <CancelledMark /> : null}
                      {past && !cancelled ? <span className="sr-only"> (gjennomført)</span> : null}
                      {relative ? (
                        <span className="ml-2 rounded-full bg-aqua-100 px-2 py-0.5 text-sm font-semibold text-aqua-700">
                          {relative}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </Term>
          <Term label="Ukedag">{weekday}</Term>
          <Term label="Tid">{time}</Term>
          <Term label="Nivå">{course.experienceLevel || '-'}</Term>
          <Term label="Alder">{course.participantsAge || '-'}</Term>
          <Term label="Instruktører">{instructors}</Term>
          <Term label="Pris">
            {reduced
              ? `${formatKr(krToOre(course.booking.price))} for ${course.booking.remainingDates.length} av ${course.dates.length} ganger (fullpris ${formatKr(krToOre(course.price))})`
              : formatKr(krToOre(course.booking.price))}
          </Term>
          <Term label="Ledige plasser">{freePlacesLabel(course.freePlaces)}</Term>
          <InfoTerm text={course.info} />
          <Term label="Påmeldte">
            <Participants course={course} ownChildren={ownChildren} />
          </Term>
          {showId ? <Term label="Kurs-ID" className="font-mono text-sm break-all">{course._id}</Term> : null}
        </dl>
        {open && renderActions ? <div className="mt-4 flex flex-wrap gap-2">{renderActions(course)}</div> : null}
      </div>
    </article>
  );
}
