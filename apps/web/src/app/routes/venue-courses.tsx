import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Course, Place, Profile } from '@shared/api';
import { Navigate, redirect, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { NoScriptNote } from '@/components/ui/noscript-note';
import { Skeleton } from '@/components/ui/skeleton';
import { Container } from '@/components/ui/page-header';
import { COURSE_ACTION_PARAM, COURSE_PARAM, paths } from '@/config/paths';
import { site } from '@/config/site';
import { defaultCourseWindow, placeCoursesKeys, placeCoursesQueryOptions, usePlaceCourses } from '@/features/courses/api/courses';
import { CourseList } from '@/features/courses/components/course-list';
import { useInstructors } from '@/features/users/api/users';
import { venuesQueryOptions, useVenue, useVenues } from '@/features/venues/api/venues';
import { useProfiles } from '@/features/profiles/api/profiles';
import { VenueSelect } from '@/features/venues/components/venue-select';
import { VenueCard } from '@/features/venues/components/venue-card';
import { useFamilyCredit } from '@/features/changes/api/changes';
import { useMyWaitlist } from '@/features/waitlist/api/waitlist';
import { WaitlistCourseAction } from '@/features/waitlist/components/waitlist-course-action';
import { CourseListOnDemand } from './course-list-on-demand';
import { behindLine, useWaitingRoom } from '@/features/waiting-room/hooks/use-waiting-room';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { courseLabel, fullName, placeSlug, slugMatches } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { pageData } from '../page-data';
import { TitledSection } from '@/components/ui/titled-section';

// Dialogs, admin tools and the waiting room load when first needed, never with a visitor's first page load.
const BookingDialog = lazy(() => import('@/features/booking/components/booking-dialog').then((m) => ({ default: m.BookingDialog })));
const AddChildDialog = lazy(() => import('@/features/children/components/add-child-dialog').then((m) => ({ default: m.AddChildDialog })));
const MonthRangePicker = lazy(() => import('@/features/courses/components/month-range-picker').then((m) => ({ default: m.MonthRangePicker })));
const CourseFormDialog = lazy(() => import('@/features/courses/components/course-form-dialog').then((m) => ({ default: m.CourseFormDialog })));
const VenueFormDialog = lazy(() => import('@/features/venues/components/venue-form-dialog').then((m) => ({ default: m.VenueFormDialog })));
const ParticipantsDialog = lazy(() =>
  import('@/features/participants/components/participants-dialog').then((m) => ({ default: m.ParticipantsDialog })),
);
const WaitingRoomPanel = lazy(() => import('@/features/waiting-room/components/waiting-room-panel').then((m) => ({ default: m.WaitingRoomPanel })));
const PriorityDialog = lazy(() => import('@/features/waitlist/components/priority-dialog').then((m) => ({ default: m.PriorityDialog })));

/** Same boxes as the loaded page (heading, venue card, course rows), so nothing jumps when data arrives. */
function PlacePageSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <h1 className="mb-6">
        <span className="sr-only">Laster kurssted</span>
        <Skeleton className="h-16 w-full max-w-2xl sm:h-10" />
      </h1>
      <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Skeleton className="aspect-[8/5] w-full rounded-none" />
        <div className="space-y-3 p-5 sm:p-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-11 w-3/4" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
        </div>
      </div>
      <div className="mt-10">
        <Skeleton className="mb-4 h-8 w-20" />
        <CourseList courses={undefined} isPending loggedIn={false} onBook={() => undefined} />
      </div>
    </div>
  );
}

/** True from the first time `open` is true: a lazy dialog then stays mounted, for its closing animation and focus return. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

// Same rule as packages/shared/src/ids.ts (not imported: that module pulls zod into this chunk).
const looksLikeId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/** The venue a /kurs/:slug address names (by name or slug), or the venue it leads to: an old link by id, a former name (decision 036). */
function placeAt(places: Place[] | undefined, slug: string) {
  const place = places?.find((p) => slugMatches(slug, p.name) || slugMatches(slug, p.slug));
  const moved = place ? undefined : places?.find((p) => p._id === slug || p.oldSlugs.some((old) => slugMatches(slug, old)));
  return { place, moved };
}

/**
 * The venues and this venue's courses, before the page renders (on the server too, decision 018); an old address moves
 * for good (301). While a waiting room governs one of its courses a visitor gets the app too (decision 045).
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<{ place: Place | null; needsApp: boolean }> {
  const { queryClient, read } = context.get(pageData);
  const places = await queryClient.ensureQueryData(venuesQueryOptions(read)).catch(() => undefined);
  const { place, moved } = placeAt(places, params.slug ?? '');
  if (moved) throw redirect(paths.place(placeSlug(moved.name)), 301);
  if (!place) return { place: null, needsApp: false };
  const courses = await queryClient.ensureQueryData(placeCoursesQueryOptions(place._id, defaultCourseWindow(), read)).catch(() => undefined);
  const now = Date.now();
  return { place, needsApp: !!courses?.some((c) => behindLine(c, now)) };
}

/** The one dialog the page shows at a time (the add-child form opens over the booking and waitlist dialogs). */
type PageDialog =
  | { kind: 'booking'; course: Course }
  | { kind: 'place'; mode: 'edit' | 'new' }
  | { kind: 'course'; course: Course | 'new' }
  | { kind: 'participants'; course: Course }
  | { kind: 'course-list'; courseId: string }
  | { kind: 'priority'; course: Course };

/** An admin's buttons on a course row, each opening its dialog. */
const ADMIN_COURSE_DIALOGS = [['course', 'Endre kurs'], ['participants', 'Påmeldte'], ['priority', 'Forrige kurs']] as const;

/** /kurs/:slug: the course ordering page of one place. A place id in the URL is replaced by the name slug. */
export function Component() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const places = useVenues();
  const byId = useVenue(looksLikeId(slug) ? slug : undefined);
  const { place, moved } = placeAt(places.data, slug);
  const [range, setRange] = useState<{ startDate: number; endDate: number } | null>(null);
  const courses = usePlaceCourses(place?._id, range ?? defaultCourseWindow());
  const session = useSession();
  const loggedIn = !!session;
  const [searchParams, setSearchParams] = useSearchParams();
  const wantedCourse = searchParams.get(COURSE_PARAM);
  const wantedAction = searchParams.get(COURSE_ACTION_PARAM);
  const user = useCurrentUser();
  const isAdmin = hasRole(user.data, 'admin');
  const isInstructor = hasRole(user.data, 'instructor');
  const [dialog, setDialog] = useState<PageDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const opened = <K extends PageDialog['kind']>(kind: K) => (dialog?.kind === kind ? (dialog as Extract<PageDialog, { kind: K }>) : null);
  const [addChildOpen, setAddChildOpen] = useState(false);
  const [hideUnpublished, setHideUnpublished] = useState(false);
  const instructors = useInstructors({ enabled: isAdmin });
  // The signed-in user's profiles: their children on the rows, in the booking and add-child dialogs.
  const profiles = useProfiles();
  const queryClient = useQueryClient();
  const [childId, setChildId] = useState('');
  const booking = opened('booking')?.course ?? null;
  // The chosen child's family's credit is used before Vipps: the booking dialog says how much.
  const bookingProfileId = profiles.data?.find((p) => p.children.some((c) => c._id === childId))?._id ?? '';
  const credit = useFamilyCredit(bookingProfileId, { enabled: !!booking });
  // 'Påmeldt: Ella' on the rows: the viewer's own children, from their profiles (the course list names nobody).
  const ownChildren = new Map<string, string[]>();
  for (const profile of session ? (profiles.data ?? []) : []) {
    for (const child of profile.children) {
      for (const course of child.courses) ownChildren.set(course._id, [...(ownChildren.get(course._id) ?? []), child.firstName]);
    }
  }

  // The waitlist on full courses: the family's entries (positions) and children to put on a list.
  const myWaitlist = useMyWaitlist();
  const waitlistChildren = (profiles.data ?? []).flatMap((p) =>
    p.children.map((c) => ({ id: c._id, name: fullName(c), courseIds: c.courses.map((k) => k._id) })),
  );
  // A child added from a waitlist dialog ('Legg til barn', the same dialog as booking's) is chosen there.
  const [addedChildId, setAddedChildId] = useState<string | null>(null);
  const renderWaitlist = (c: Course) => (
    <WaitlistCourseAction
      courseId={c._id}
      entries={(session ? (myWaitlist.data ?? []) : []).filter((e) => e.course._id === c._id)}
      children={session ? waitlistChildren : []}
      loggedIn={loggedIn}
      onAddChild={() => setAddChildOpen(true)}
      addedChildId={addedChildId}
      autoOpen={loggedIn && wantedCourse === c._id && wantedAction === 'venteliste'}
    />
  );
  const bookingMounted = useOpenedOnce(booking !== null);
  const addChildMounted = useOpenedOnce(addChildOpen);

  useDocumentTitle(place ? `${place.name}, ${place.place} | ${site.tagline}` : 'Bestill Kurs');

  const missing = !place && places.isFetched && !(looksLikeId(slug) && (byId.isPending || byId.data));
  useEffect(() => {
    // Spec §2: no venue found is a silent console log.
    if (missing) console.log(`Fant ikke kurssted: ${slug}`);
  }, [missing, slug]);

  // Spec §4 Booking: a logged-in user gets the booking modal (a visitor's 'Bestill' is a LoginFirstButton).
  const onBook = useCallback((course: Course) => {
    setChildId('');
    setDialog({ kind: 'booking', course });
  }, []);
  const placeId = place?._id;
  const refreshCourses = useCallback(
    () => void (placeId && queryClient.invalidateQueries({ queryKey: placeCoursesKeys.byPlace(placeId) })),
    [queryClient, placeId],
  );
  // Enrolment night (issue 37, decision 041): a waiting room governs 'Bestill' on the courses of an opening.
  const waitingRoom = useWaitingRoom({
    courses: courses.data,
    viewer: !loggedIn ? 'visitor' : isAdmin ? 'admin' : 'parent',
    refreshCourses,
  });

  // Spec §4: saving, creating or deleting a course ends with a page reload: every list on the page is fetched again.
  const reloadPage = () => void queryClient.invalidateQueries();
  const shownCourses = hideUnpublished ? courses.data?.filter((c) => c.published !== false) : courses.data;
  const teaches = (c: Course) => isInstructor && !!c.participants && c.instructors.some((i) => i._id === user.data?._id);
  const renderActions =
    isAdmin || isInstructor
      ? (c: Course) => (
          <>
            {isAdmin
              ? ADMIN_COURSE_DIALOGS.map(([kind, label]) => (
                  <Button key={kind} variant="secondary" onClick={() => setDialog({ kind, course: c })}>
                    {label}
                  </Button>
                ))
              : null}
            {isAdmin || teaches(c) ? (
              <>
                <Button variant="secondary" onClick={() => setDialog({ kind: 'course-list', courseId: c._id })}>
                  Kursliste
                </Button>
                <ButtonLink variant="secondary" to={paths.attendance(c._id)}>
                  Oppmøte
                </ButtonLink>
                <ButtonLink variant="secondary" to={paths.skills(c._id)}>
                  Ferdigheter
                </ButtonLink>
              </>
            ) : null}
          </>
        )
      : undefined;

  // Back from a login started with 'Bestill' or the waitlist's button: the row in view, its dialog open, the address plain.
  useEffect(() => {
    if (!wantedCourse || !loggedIn || !courses.data) return;
    const course = courses.data.find((c) => c._id === wantedCourse);
    const row = document.querySelector(`[data-course-id="${CSS.escape(wantedCourse)}"]`);
    row?.scrollIntoView({ block: 'center' });
    // The row's button has the focus, so closing the dialog returns there, not to the top of the page.
    row?.querySelector<HTMLButtonElement>('form button[type="submit"]')?.focus({ preventScroll: true });
    if (course && wantedAction === 'bestill') onBook(course);
    setSearchParams({}, { replace: true });
  }, [wantedCourse, wantedAction, loggedIn, courses.data, onBook, setSearchParams]);

  const target = byId.data ?? moved;
  if (target && !place) return <Navigate to={paths.place(placeSlug(target.name))} replace />;

  const placeForm = opened('place');
  const courseForm = opened('course');
  const participantsOf = opened('participants')?.course ?? null;
  return (
    <Container className="py-8 sm:py-12">
      {/* Choosing needs JavaScript (boot.ts's when the page runs without the app); without it 'Bestill kurs' in the menu
          lists the venues. */}
      <div className="mb-8 noscript:hidden">
        <VenueSelect
          places={places.data ?? []}
          value={place ? placeSlug(place.name) : ''}
          disabled={places.isPending}
          onChange={(next) => navigate(paths.place(next))}
        />
      </div>

      {place ? (
        <>
          <h1 className="mb-6 text-2xl font-bold tracking-tight text-sea-900 sm:text-4xl">
            Babysvømming {place.name}, {place.place}
          </h1>
          {isAdmin ? (
            <div className="mb-4 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog({ kind: 'place', mode: 'edit' })}>
                Endre sted
              </Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: 'place', mode: 'new' })}>
                Nytt sted
              </Button>
            </div>
          ) : null}
          <VenueCard place={place} />
          <TitledSection id="kurs-tittel" title="Kurs" className="mt-10" titleClassName="mb-4 text-2xl font-bold text-sea-900">
            <NoScriptNote className="mb-4">Du må slå på JavaScript for å bestille kurs.</NoScriptNote>
            {isAdmin || isInstructor ? (
              <div className="mb-4 flex flex-col gap-3">
                <Suspense fallback={null}>
                  <MonthRangePicker onChange={setRange} />
                </Suspense>
                {isAdmin ? (
                  <label className="flex min-h-11 items-center gap-3 font-semibold text-sea-900">
                    <input
                      type="checkbox"
                      className="size-5 accent-sea-800"
                      checked={hideUnpublished}
                      onChange={(e) => setHideUnpublished(e.target.checked)}
                    />
                    Skjul upubliserte kurs
                  </label>
                ) : null}
              </div>
            ) : null}
            {waitingRoom.line ? (
              <Suspense fallback={null}>
                <WaitingRoomPanel {...waitingRoom.line} renderWaitlist={renderWaitlist} />
              </Suspense>
            ) : null}
            <CourseList
              courses={shownCourses}
              isPending={courses.isPending}
              loggedIn={loggedIn}
              onBook={onBook}
              ownChildren={ownChildren}
              showId={isAdmin}
              renderActions={renderActions}
              renderWaitlist={renderWaitlist}
              renderGate={waitingRoom.gate}
            />
            {isAdmin ? (
              <button
                type="button"
                onClick={() => setDialog({ kind: 'course', course: 'new' })}
                className="mt-3 flex min-h-16 w-full items-center justify-center rounded-2xl border-2 border-dashed border-sea-700/60 bg-white font-semibold text-sea-800 hover:bg-sea-50"
              >
                Klikk her for å legge til nytt kurs
              </button>
            ) : null}
          </TitledSection>
          {isAdmin ? (
            <Suspense fallback={null}>
              <VenueFormDialog
                open={placeForm !== null}
                onOpenChange={(open) => !open && closeDialog()}
                place={placeForm?.mode === 'edit' ? place : undefined}
                onSaved={(saved) => {
                  if (placeSlug(saved.name) !== placeSlug(place.name) || placeForm?.mode === 'new') navigate(paths.place(placeSlug(saved.name)));
                }}
              />
              <CourseFormDialog
                open={courseForm !== null}
                onOpenChange={(open) => !open && closeDialog()}
                course={courseForm && courseForm.course !== 'new' ? courseForm.course : undefined}
                placeId={place._id}
                instructors={instructors.data ?? []}
                onSaved={reloadPage}
              />
              <ParticipantsDialog
                courseId={participantsOf?._id ?? null}
                courseLabel={participantsOf ? courseLabel(participantsOf) : ''}
                moveTargets={(courses.data ?? []).filter((c) => c._id !== participantsOf?._id).map((c) => ({ id: c._id, label: courseLabel(c) }))}
                onClose={closeDialog}
              />
              <PriorityDialog course={opened('priority')?.course ?? null} onClose={closeDialog} />
            </Suspense>
          ) : null}
          <CourseListOnDemand courseId={opened('course-list')?.courseId ?? null} onClose={closeDialog} />
          {bookingMounted ? (
            <Suspense fallback={null}>
              <BookingDialog
                course={booking}
                onClose={closeDialog}
                userId={user.data?._id}
                profiles={profiles.data}
                profilesError={profiles.isError}
                childId={childId}
                onChildChange={setChildId}
                onAddChild={() => setAddChildOpen(true)}
                onCourseFull={refreshCourses}
                creditOre={credit.data?.balance}
              />
            </Suspense>
          ) : null}
          {addChildMounted ? (
            <Suspense fallback={null}>
              <AddChildDialog
                open={addChildOpen}
                onOpenChange={setAddChildOpen}
                profiles={(profiles.data ?? []).map((p: Profile) => ({ id: p._id, label: p.parents.map(fullName).join(' og ') }))}
                onAdded={(child) => {
                  setChildId(child._id);
                  setAddedChildId(child._id);
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : places.isPending || (looksLikeId(slug) && byId.isPending) ? (
        <PlacePageSkeleton />
      ) : (
        <>
          <h1 className="mb-4 text-3xl font-bold tracking-tight text-sea-900 sm:text-4xl">Bestill kurs</h1>
          <p className="text-lg text-muted">Velg et kurssted i listen over for å se ledige kurs.</p>
        </>
      )}
    </Container>
  );
}
