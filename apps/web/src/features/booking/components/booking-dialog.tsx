import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Course, Profile } from '@shared/api';
import { CancelledMark, isCancelledDate } from '@/components/cancelled-dates';
import { Button } from '@/components/ui/button';
import { InfoTerm } from '@/components/ui/linkified-text';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { countOf, formatCourseDate, fullName, isSafeHttpUrl, weekdayPlural, formatKr, krToOre, ore, type Ore } from '@/lib/format';
import { discountText, priceOrder, type PriceBreakdown } from '@shared/price';
import { paymentStartErrorMessage, usePriceRules, useStartPayment } from '@/features/booking/api/booking';
import { creditLine } from '../credit-line';
import { ChildSelect } from './child-select';
import { DiscountCodeField, useDiscountCode } from './discount-code-field';
import { Term } from '@/components/ui/term';

interface BookingDialogProps {
  /** The course being booked; the dialog is open while it is set. */
  course: Course | null;
  onClose: () => void;
  userId: string | undefined;
  profiles: readonly Profile[] | undefined;
  profilesError?: boolean;
  childId: string;
  onChildChange: (childId: string) => void;
  /** 'Legg til nytt barn' was chosen: open the add-child modal (composed by the route). */
  onAddChild: () => void;
  /** The server said the course is full: refresh the course list. */
  onCourseFull: () => void;
  /** The chosen child's family's unused credit (øre), used before Vipps (issue 38). */
  creditOre?: Ore;
}

function CourseSummary({ course, price }: { course: Course; price: PriceBreakdown }) {
  const paidWithCredit = creditLine(price);
  const instructors = course.instructors.length > 0 ? course.instructors.map(fullName).join(', ') : 'Foreløpig ukjent';
  // A started course is booked for the dates that remain, at the price the server computed for them.
  const started = course.booking.state === 'started';
  // The dates this booking gets, and among them, marked 'Avlyst', those cancelled before it (not sold, issue 52).
  const remaining = new Set(course.booking.remainingDates);
  const firstRemaining = course.booking.remainingDates[0];
  const dates = started ? course.dates.filter((d) => remaining.has(d) || (isCancelledDate(course, d) && !!firstRemaining && d > firstRemaining)) : course.dates;
  const held = course.booking.remainingDates.length;
  // The labels take only their width, so a date fits on one line on a 360 px phone (walk-through 06.12, finding 21).
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-2 sm:grid-cols-[8.5rem_minmax(0,1fr)]">
      <Term label="Sted">
        {course.place.name}, {course.place.place}
      </Term>
      <Term label="Nivå">{course.experienceLevel || '-'}</Term>
      <Term label="Alder">{course.participantsAge || '-'}</Term>
      <Term label={started ? 'Datoer igjen' : 'Datoer'}>
        {started ? (
          <p className="mb-1 font-semibold text-aqua-700">
            Kurset har startet – {countOf(held, 'gang', 'ganger')} igjen
          </p>
        ) : null}
        {dates.length === 0 ? (
          '-'
        ) : (
          <ul className="gap-x-6 sm:columns-2">
            {dates.map((date) =>
              isCancelledDate(course, date) ? (
                <li key={date} className="text-muted" data-cancelled>
                  <s>{formatCourseDate(date, course.timeFrom)}</s>
                  <CancelledMark />
                </li>
              ) : (
                <li key={date}>{formatCourseDate(date, course.timeFrom)}</li>
              ),
            )}
          </ul>
        )}
      </Term>
      <Term label="Ukedag">{weekdayPlural(course.weekday)}</Term>
      <Term label="Instruktører">{instructors}</Term>
      <Term label="Pris" className="font-bold">
        {formatKr(krToOre(course.booking.price))}
        {course.booking.price !== course.price && course.booking.state !== 'ended' && course.booking.state !== 'closed' ? (
          <span className="block text-sm font-normal text-muted">
            For {held} av {course.dates.length} ganger (fullpris {formatKr(krToOre(course.price))})
          </span>
        ) : null}
        {price.lines.map((line) => (
          <span key={line.kind} className="block text-sm font-normal">
            {discountText(line)}
          </span>
        ))}
        {price.lines.length > 0 ? <span className="block">Å betale: {formatKr(price.priceOre)}</span> : null}
        {paidWithCredit ? <span className="block text-sm font-normal">{paidWithCredit}</span> : null}
      </Term>
      <InfoTerm text={course.info} />
    </dl>
  );
}

function BookingForm({ course, userId, profiles, profilesError, childId, onChildChange, onAddChild, onCourseFull, creditOre = ore(0) }: Omit<BookingDialogProps, 'course' | 'onClose'> & { course: Course }) {
  const id = useId();
  const payment = useStartPayment();
  // The discounts the server would take now for this child, priced here by the same rule as the payment start.
  const booking = userId && childId ? { userId, childId, courseId: course._id } : null;
  const rules = usePriceRules(booking);
  const [codeText, setCodeText] = useState('');
  const discountCode = useDiscountCode(codeText, booking);
  const price = priceOrder({ listOre: krToOre(course.booking.price), sibling: rules.data?.sibling, code: discountCode.accepted, availableCreditOre: creditOre });
  const [error, setError] = useState<string | null>(null);
  const [missingChild, setMissingChild] = useState(false);
  const errorId = `${id}-feil`;
  const errorRef = useRef<HTMLParagraphElement>(null);
  // A new error takes the focus: a screen reader reads it, and on a phone it is where the eye is, above 'Betal'.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  const busy = payment.isPending || payment.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!childId) {
      setMissingChild(true);
      setError('Du må velge et barn for å kunne bestille kurset');
      return;
    }
    if (!userId) {
      setError('Du har ikke tilgang til dette. Er du logget inn?');
      return;
    }
    if (discountCode.pending) {
      setError(discountCode.pending);
      return;
    }
    setMissingChild(false);
    setError(null);
    payment.mutate(
      { userId, childId, courseId: course._id, ...(discountCode.accepted ? { discountCode: discountCode.accepted.code } : {}) },
      {
        onSuccess: ({ redirectUrl }) => {
          if (isSafeHttpUrl(redirectUrl)) window.location.assign(redirectUrl);
          else setError('Ukjent feil. Vennligst prøv igjen senere.');
        },
        onError: (err) => {
          setError(paymentStartErrorMessage(err));
          if (isApiError(err) && err.code === 'COURSE_FULL') onCourseFull();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="space-y-5">
      <CourseSummary course={course} price={price} />
      <div>
        {profiles ? (
          <ChildSelect
            id={`${id}-barn`}
            profiles={profiles}
            courseId={course._id}
            ageRange={course}
            firstDate={course.dates[0]}
            value={childId}
            disabled={busy}
            invalid={missingChild}
            errorId={errorId}
            onChange={(value) => {
              onChildChange(value);
              if (value) {
                setMissingChild(false);
                setError(null);
              }
            }}
            onAddChild={onAddChild}
          />
        ) : profilesError ? (
          <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
            Kunne ikke hente profiler
          </p>
        ) : (
          <div role="status" className="flex flex-col gap-1.5">
            <span className="font-semibold text-sea-900">Velg barn</span>
            <span className="sr-only">Laster barn</span>
            <Skeleton className="h-11 w-full rounded-xl" />
          </div>
        )}
      </div>
      <DiscountCodeField value={codeText} onChange={setCodeText} disabled={busy} error={discountCode.error} status={discountCode.status} />
      <p className="text-sm">
        Ved å bestille kurs aksepterer du våre{' '}
        <Link to={paths.terms} target="_blank" aria-describedby={`${id}-ny-fane`} className="font-medium text-sea-800 underline">
          regler og betingelser
        </Link>
        .
      </p>
      <span id={`${id}-ny-fane`} hidden>
        Åpnes i ny fane
      </span>
      {/* Sticky: on a phone 'Betal' is in view without scrolling; the error is in the bar, so no scroll can hide it. */}
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-wrap justify-end gap-3 border-t border-line bg-white px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        {error ? (
          <p id={errorId} ref={errorRef} tabIndex={-1} role="alert" className="w-full rounded-xl bg-danger-bg p-3 font-medium text-danger">
            {error}
          </p>
        ) : null}
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
        <Button type="submit" disabled={busy} className="min-w-32">
          {busy ? (
            <>
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              Starter betaling …
            </>
          ) : (
            'Betal'
          )}
        </Button>
      </div>
    </form>
  );
}

/** Spec §2 'Course booking modal' ('Kursoversikt'): the course summary, the child, and on to Vipps to pay. */
export function BookingDialog(props: BookingDialogProps) {
  const { course, onClose } = props;
  return (
    <Modal open={!!course} onOpenChange={(open) => !open && onClose()} title="Kursoversikt" size="lg">
      {course ? <BookingForm key={course._id} {...props} course={course} /> : null}
    </Modal>
  );
}
