import { useEffect, useState } from 'react';
import { FamilyAbsences } from '@/features/absences/components/family-absences';
import { FamilyCalendar, FamilyCreditBalance } from '@/features/changes/components/family-calendar';
import { MyChanges, ReminderToggle } from '@/features/changes/components/my-changes';
import { changesKeys } from '@/features/changes/api/changes';
import { RedeemGiftCard } from '@/features/gift-cards/components/redeem-gift-card';
import { Navigate, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Child, Profile } from '@shared/api';
import { Forbidden, NotFound } from '@/components/errors/error-view';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Select } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { Container, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { sessionsQueryOptions } from '@/features/auth/api/auth';
import { SessionsSection } from '@/features/auth/components/sessions-section';
import { CalendarDownloadButton } from '@/features/calendars/components/calendar-download-button';
import { ChildCareDialog } from '@/features/care/components/child-care-dialog';
import { AddChildDialog } from '@/features/children/components/add-child-dialog';
import { EditChildDialog } from '@/features/children/components/edit-child-dialog';
import { paymentStartErrorMessage, useStartPayment } from '@/features/booking/api/booking';
import { FamilyPayments } from '@/features/orders/components/family-payments';
import { FamilyProgress } from '@/features/progress/components/child-progress';
import { pendingInvitesQueryOptions, profileInvitesQueryOptions } from '@/features/invites/api/invites';
import { PendingInvites } from '@/features/invites/components/pending-invites';
import { ProfileInvites } from '@/features/invites/components/profile-invites';
import {
  profileOverviewQueryOptions,
  profilesQueryOptions,
  useProfile,
  useProfileOverview,
  useProfiles,
  useUpdateGuardians,
} from '@/features/profiles/api/profiles';
import { AdminDetails } from '@/features/profiles/components/admin-details';
import { InstructorCourses } from '@/features/profiles/components/instructor-courses';
import { ProfileView } from '@/features/profiles/components/profile-view';
import { UpcomingCourses } from '@/features/profiles/components/upcoming-courses';
import { courseHistoryQueryOptions, useCourseHistory } from '@/features/users/api/users';
import { DeleteUserButton } from '@/features/users/components/delete-user-dialog';
import { OwnDataButton } from '@/features/users/components/own-data-button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { currentUserQueryOptions, hasRole, useCurrentUser } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { getSession, isSessionExpired } from '@/lib/session';
import { courseDisplayName, fullName, isSafeHttpUrl } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { myWaitlistQueryOptions } from '@/features/waitlist/api/waitlist';
import { MyWaitlist } from '@/features/waitlist/components/my-waitlist';
import { MyRolloverOffers } from '@/features/rollover/components/my-rollover-offers';
import { CourseListOnDemand } from './course-list-on-demand';

const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

const familyLabel = (profile: Profile) => profile.parents.map(fullName).join(' og ') || 'Profil uten foresatte';

type Guardian = Profile['parents'][number];

/** 'Fjern' on a guardian: the owner (or an admin) removes others; a guardian may leave. Never the first. */
function RemoveGuardian({ profile, guardian, self }: { profile: Profile; guardian: Guardian; self: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateGuardians();
  const navigate = useNavigate();
  const name = fullName(guardian);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={self ? 'Forlat profilen' : `Fjern ${name} som foresatt`}>
        {self ? 'Forlat' : 'Fjern'}
      </Button>
      <ConfirmDialog
        confirmVariant="danger"
        open={open}
        onOpenChange={setOpen}
        title={self ? 'Forlat profilen' : 'Fjern foresatt'}
        confirmText={self ? 'Ja, forlat profilen' : 'Ja, fjern'}
        busyText="Fjerner …"
        onConfirm={() =>
          update
            .mutateAsync({ profileId: profile._id, parents: profile.parents.filter((p) => p._id !== guardian._id).map((p) => p._id) })
            .then(
              () => {
                toast.success(self ? 'Du har forlatt profilen' : `${name} er fjernet fra profilen`);
                if (self) navigate(paths.profile, { replace: true });
              },
              (error: unknown) => {
                toast.error(
                  isApiError(error) && error.code === 'LAST_GUARDIAN'
                    ? errorMessage(error)
                    : 'Kunne ikke fjerne foresatt fra profilen. Prøv igjen senere.',
                );
                throw error;
              },
            )
        }
      >
        <p>
          {self
            ? 'Du mister tilgangen til barna på denne profilen. Eieren kan invitere deg igjen.'
            : `${name} mister tilgangen til barna på profilen og kan ikke lenger bestille kurs for dem.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** A held place (a waitlist offer, 'Behold plassen') paid through the normal Vipps flow (the booking feature's payment start). */
function usePayHeldPlace(userId: string) {
  const payment = useStartPayment();
  const [paying, setPaying] = useState<string | null>(null);
  const pay = (key: string, childId: string, courseId: string) => {
    setPaying(key);
    payment.mutate(
      { userId, childId, courseId },
      {
        onSuccess: ({ redirectUrl }) => {
          if (isSafeHttpUrl(redirectUrl)) window.location.assign(redirectUrl);
        },
        onError: (error) => {
          setPaying(null);
          toast.error(paymentStartErrorMessage(error));
        },
      },
    );
  };
  return { paying, pay };
}

/** The family's waitlists; an offer is paid through the normal Vipps flow. */
function ProfileWaitlist({ userId }: { userId: string }) {
  const now = useNow();
  const { paying, pay } = usePayHeldPlace(userId);
  return <MyWaitlist now={now} payingEntryId={paying} onPay={(entry) => pay(entry._id, entry.child._id, entry.course._id)} />;
}

/** 'Behold plassen til neste sesong' (decision 060): keeping the place is the ordinary payment start. */
function ProfileRollover({ userId }: { userId: string }) {
  const { paying, pay } = usePayHeldPlace(userId);
  return <MyRolloverOffers keepingId={paying} onKeep={(offer) => pay(offer._id, offer.child._id, offer.course._id)} />;
}

function ProfilePage() {
  const { profileId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const own = useProfiles();
  const ownMatch = profileId ? own.data?.find((p) => p._id === profileId) : undefined;
  const needsFetch = !!profileId && isId(profileId) && own.isSuccess && !ownMatch;
  const other = useProfile(needsFetch ? profileId : undefined);
  const me = user.data;
  const profile: Profile | undefined = profileId ? (ownMatch ?? other.data) : own.data?.[0];
  const history = useCourseHistory(profile?.children.map((c) => c._id) ?? []);
  // Spec §8: the call's toast; the page also says it where the history would be (decision 029).
  useEffect(() => {
    if (history.isError) toast.error('Kunne ikke hente kurshistorikk');
  }, [history.isError]);
  const overview = useProfileOverview(profile?._id);
  const error = own.error ?? other.error;
  const isOwn = !profileId || !!ownMatch;
  const isAdmin = hasRole(me, 'admin');
  const ownProfiles = own.data ?? [];
  const isOwner = !!me && profile?.parents[0]?._id === me._id;
  const canEdit = isOwn || isAdmin;
  const loading = own.isPending || (needsFetch && other.isPending);
  const invite = search.get('invitasjon');
  const [addOpen, setAddOpen] = useState(false);
  const [editing, setEditing] = useState<Child | null>(null);
  const [courseListOf, setCourseListOf] = useState<string | null>(null);
  const [careOf, setCareOf] = useState<Child | null>(null);
  const freePlaces = new Map((history.data ?? []).flatMap((item) => item.courses.map((c) => [c._id, c.freePlaces] as const)));
  const freePlacesOf = (courseId: string) => freePlaces.get(courseId);

  if (profileId !== undefined && !isId(profileId)) return <NotFound />;
  // Spec §2: the first own profile lives at /profil.
  if (profileId && own.data?.[0]?._id === profileId) return <Navigate to={paths.profile} replace />;
  if (isApiError(error) && error.status === 403) return <Forbidden />;
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFound />;
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title={isOwn ? 'Min profil' : 'Profil'}
        // Reserve the line while loading, so nothing below jumps when the names arrive.
        lead={profile ? familyLabel(profile) : <span className="inline-block h-7" aria-hidden="true" />}
      >
        <div className="mt-5 flex flex-wrap items-end gap-3">
          {ownProfiles.length > 1 && isOwn ? (
            <Select
              id="velg-profil"
              label="Velg profil"
              value={profile?._id ?? ''}
              onChange={(e) => navigate(e.target.value === ownProfiles[0]?._id ? paths.profile : paths.profileById(e.target.value))}
              options={ownProfiles.map((p) => ({ value: p._id, label: familyLabel(p) }))}
            />
          ) : null}
          {/* One's own session: not offered on another family's profile (an admin looking at it). */}
          {isOwn ? <LogoutButton /> : null}
        </div>
      </PageHeader>

      {me && isOwn ? <MyChanges /> : null}

      {me && isOwn ? (
        <div className="mb-10">
          <PendingInvites userId={me._id} highlight={invite} />
          <div className="mt-6">
            <ProfileRollover userId={me._id} />
            <ProfileWaitlist userId={me._id} />
          </div>
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-2xl bg-danger-bg p-5 font-medium text-danger">
          Kunne ikke hente profilen
        </p>
      ) : loading ? (
        <div role="status" className="space-y-6">
          <span className="sr-only">Laster profil</span>
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-28 w-full rounded-2xl sm:w-1/2" />
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : !profile ? (
        <p className="rounded-2xl bg-sand-100 p-5">Du har ingen profil ennå.</p>
      ) : (
        <div className="space-y-10">
          <UpcomingCourses profile={profile} freePlacesOf={freePlacesOf} />
          {canEdit ? <FamilyAbsences profileId={profile._id} isAdmin={isAdmin} /> : null}
          <ProfileView
            profile={profile}
            freePlacesOf={freePlacesOf}
            showCourseIds={isAdmin}
            childrenAction={canEdit ? <Button onClick={() => setAddOpen(true)}>Legg til barn</Button> : null}
            childAction={(child) =>
              canEdit ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setCareOf(child)} aria-label={`Helse og kontakt, ${fullName(child)}`}>
                    Helse og kontakt
                  </Button>
                  <Button variant="secondary" onClick={() => setEditing(child)} aria-label={`Endre ${fullName(child)}`}>
                    Endre
                  </Button>
                </div>
              ) : null
            }
            parentAction={(parent, index) =>
              index > 0 && me && (isOwner || isAdmin || parent._id === me._id) ? (
                <RemoveGuardian profile={profile} guardian={parent} self={parent._id === me._id} />
              ) : null
            }
            courseAction={(child, course) =>
              me ? (
                <CalendarDownloadButton
                  userId={me._id}
                  course={course}
                  label={`Last ned kalender for ${courseDisplayName(course)}, ${child.firstName}`}
                />
              ) : null
            }
          />
          {history.isError ? (
            <p role="alert" className="rounded-2xl bg-danger-bg p-4 font-medium text-danger">
              Kunne ikke laste kurshistorikk. Vennligst prøv igjen senere.
            </p>
          ) : null}
          {isOwn ? (
            <div>
              <FamilyCreditBalance profileId={profile._id} />
              <RedeemGiftCard profileId={profile._id} refresh={[changesKeys.credit(profile._id)]} />
              <FamilyCalendar profileId={profile._id} />
              <ReminderToggle />
            </div>
          ) : null}
          <FamilyProgress childList={profile.children} />
          <FamilyPayments profileId={profile._id} canCancel={isOwn} />
          <ProfileInvites profileId={profile._id} canInvite={isOwner || isAdmin} />
          {overview.data ? (
            <InstructorCourses
              courses={overview.data.instructorCourses}
              courseAction={(c) => (
                <Button variant="secondary" onClick={() => setCourseListOf(c._id)} aria-label={`Kursliste, ${c.name || c.experienceLevel}, ${c.place.name}`}>
                  Kursliste
                </Button>
              )}
            />
          ) : null}
          <CourseListOnDemand courseId={courseListOf} onClose={() => setCourseListOf(null)} />
          {overview.data?.admin ? <AdminDetails profile={profile} admin={overview.data.admin} /> : null}
          {me && isOwn ? (
            <section aria-labelledby="mine-data-tittel" className="rounded-2xl bg-sand-100 p-4 sm:p-6">
              <h2 id="mine-data-tittel" className="mb-2 text-2xl font-bold text-sea-900">
                Dine data
              </h2>
              <p className="mb-4">Last ned alt vi har lagret om deg og familien din, eller slett brukeren din.</p>
              <div className="flex flex-wrap gap-3">
                <OwnDataButton />
                <DeleteUserButton userId={me._id} profiles={ownProfiles} />
              </div>
            </section>
          ) : null}
          <AddChildDialog
            open={addOpen}
            onOpenChange={setAddOpen}
            // Spec §5: with several own profiles the parent chooses ('Vennligst velg en profil' when none is chosen).
            profiles={(isOwn ? ownProfiles : [profile]).map((p) => ({ id: p._id, label: familyLabel(p) }))}
          />
          {/* An admin opening another family's child reads the note (logged) but the consent is the family's to give. */}
          <ChildCareDialog child={careOf ? { _id: careOf._id, name: fullName(careOf) } : null} editable={isOwn} onClose={() => setCareOf(null)} />
          <EditChildDialog child={editing} onOpenChange={(open) => !open && setEditing(null)} />
        </div>
      )}
      {isOwn ? <SessionsSection /> : null}
    </Container>
  );
}

/** The own profile's lists, asked side by side before the page renders; a failed answer is left to the page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const session = getSession();
  if (params.profileId !== undefined || !session || isSessionExpired(session)) return null;
  const failed = () => undefined;
  const [me, own] = await Promise.all([
    queryClient.fetchQuery(currentUserQueryOptions()).catch(failed),
    queryClient.fetchQuery(profilesQueryOptions()).catch(failed),
    queryClient.prefetchQuery(myWaitlistQueryOptions()),
    queryClient.prefetchQuery(sessionsQueryOptions()),
  ]);
  const profile = own?.[0];
  await Promise.all([
    me && queryClient.prefetchQuery(pendingInvitesQueryOptions(me._id)),
    profile && queryClient.prefetchQuery(profileOverviewQueryOptions(profile._id)),
    profile && queryClient.prefetchQuery(profileInvitesQueryOptions(profile._id)),
    // As useCourseHistory: no question without children.
    profile && profile.children.length > 0 && queryClient.prefetchQuery(courseHistoryQueryOptions(profile.children.map((c) => c._id))),
  ]);
  return null;
}

/** /profil (own default profile) and /profil/:profileId (spec §2 'Profile page'). */
export function Component() {
  useDocumentTitle(pageTitle('Profil'));
  return (
    <AccessGuard>
      <ProfilePage />
    </AccessGuard>
  );
}
