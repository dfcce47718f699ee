import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Course, Profile } from '@shared/api';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { Container } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { LoginDialog } from '@/features/auth/components/login-dialog';
import { BookingDialog } from '@/features/booking/components/booking-dialog';
import { AddChildDialog } from '@/features/children/components/add-child-dialog';
import { placeCoursesKeys, usePlaceCourses } from '@/features/courses/api/get-place-courses';
import { CourseList } from '@/features/courses/components/course-list';
import { usePlace } from '@/features/places/api/get-place';
import { usePlaces } from '@/features/places/api/get-places';
import { PlaceSelect } from '@/features/places/components/place-select';
import { VenueCard } from '@/features/places/components/venue-card';
import { useProfiles } from '@/features/profiles/api/get-profiles';
import { useCurrentUser } from '@/lib/current-user';
import { fullName, placeSlug, slugMatches } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';

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
        <CourseList courses={undefined} isPending onBook={() => undefined} />
      </div>
    </div>
  );
}

// Same rule as packages/shared/src/ids.ts (not imported: that module pulls zod into this chunk).
const looksLikeId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/** /kurs/:slug: the course ordering page of one place. A place id in the URL is replaced by the name slug. */
export function Component() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const places = usePlaces();
  const byId = usePlace(looksLikeId(slug) ? slug : undefined);
  const place = places.data?.find((p) => slugMatches(slug, p.name) || slugMatches(slug, p.slug));
  const courses = usePlaceCourses(place?._id);
  const [loginOpen, setLoginOpen] = useState(false);
  const session = useSession();
  const user = useCurrentUser();
  const profiles = useProfiles();
  const queryClient = useQueryClient();
  const [booking, setBooking] = useState<Course | null>(null);
  const [childId, setChildId] = useState('');
  const [addChildOpen, setAddChildOpen] = useState(false);
  // 'Påmeldt: Ella' on the rows: the viewer's own children, from their profiles (the course list names nobody).
  const ownChildren = useMemo(() => {
    const byCourse = new Map<string, string[]>();
    for (const profile of session ? (profiles.data ?? []) : []) {
      for (const child of profile.children) {
        for (const course of child.courses) byCourse.set(course._id, [...(byCourse.get(course._id) ?? []), child.firstName]);
      }
    }
    return byCourse;
  }, [session, profiles.data]);

  useDocumentTitle(place ? `${place.name}, ${place.place} | ${site.tagline}` : 'Bestill Kurs');

  const missing = !place && places.isFetched && !(looksLikeId(slug) && (byId.isPending || byId.data));
  useEffect(() => {
    // Spec §2: no venue found is a silent console log.
    if (missing) console.log(`Fant ikke kurssted: ${slug}`);
  }, [missing, slug]);

  // Spec §4 Booking: a visitor gets the login prompt, a logged-in user the booking modal.
  const loggedIn = !!session;
  const onBook = useCallback(
    (course: Course) => {
      if (!loggedIn) {
        setLoginOpen(true);
        return;
      }
      setChildId('');
      setBooking(course);
    },
    [loggedIn],
  );
  const placeId = place?._id;
  const refreshCourses = useCallback(
    () => placeId && queryClient.invalidateQueries({ queryKey: placeCoursesKeys.byPlace(placeId) }),
    [queryClient, placeId],
  );

  const idTarget = byId.data ?? (looksLikeId(slug) ? places.data?.find((p) => p._id === slug) : undefined);
  if (idTarget && !place) return <Navigate to={paths.place(placeSlug(idTarget.name))} replace />;

  return (
    <Container className="py-8 sm:py-12">
      <div className="mb-8">
        <PlaceSelect
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
          <VenueCard place={place} />
          <section aria-labelledby="kurs-tittel" className="mt-10">
            <h2 id="kurs-tittel" className="mb-4 text-2xl font-bold text-sea-900">
              Kurs
            </h2>
            <CourseList courses={courses.data} isPending={courses.isPending} onBook={onBook} ownChildren={ownChildren} />
          </section>
          <LoginDialog open={loginOpen} onOpenChange={setLoginOpen} />
          <BookingDialog
            course={booking}
            onClose={() => setBooking(null)}
            userId={user.data?._id}
            profiles={profiles.data}
            profilesError={profiles.isError}
            childId={childId}
            onChildChange={setChildId}
            onAddChild={() => setAddChildOpen(true)}
            onCourseFull={() => void refreshCourses()}
          />
          <AddChildDialog
            open={addChildOpen}
            onOpenChange={setAddChildOpen}
            profiles={(profiles.data ?? []).map((p: Profile) => ({ id: p._id, label: p.parents.map(fullName).join(' og ') }))}
            onAdded={(child) => setChildId(child._id)}
          />
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
