import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Profile } from '@shared/api';
import { Forbidden, NotFound } from '@/components/errors/error-view';
import { Button } from '@/components/ui/button';
import { Container, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { SessionsSection } from '@/features/auth/components/sessions-section';
import { CalendarDownloadButton } from '@/features/calendars/components/calendar-download-button';
import { AddChildDialog } from '@/features/children/components/add-child-dialog';
import { useProfile } from '@/features/profiles/api/get-profile';
import { useProfiles } from '@/features/profiles/api/get-profiles';
import { ProfileView } from '@/features/profiles/components/profile-view';
import { isApiError } from '@/lib/api-client';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { fullName } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

const familyLabel = (profile: Profile) => profile.parents.map(fullName).join(' og ') || 'Profil uten foresatte';

function ProfileSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Laster profil</span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-28 w-full rounded-2xl sm:w-1/2" />
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

function ProfilePage() {
  const { profileId } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const own = useProfiles();
  const ownMatch = profileId ? own.data?.find((p) => p._id === profileId) : undefined;
  const needsFetch = !!profileId && isId(profileId) && own.isSuccess && !ownMatch;
  const other = useProfile(needsFetch ? profileId : undefined);
  const [addOpen, setAddOpen] = useState(false);

  if (profileId !== undefined && !isId(profileId)) return <NotFound />;
  // Spec §2: the first own profile lives at /profil.
  if (profileId && own.data?.[0]?._id === profileId) return <Navigate to={paths.profile} replace />;

  const me = user.data;
  const profile: Profile | undefined = profileId ? (ownMatch ?? other.data) : own.data?.[0];
  const error = own.error ?? other.error;
  if (isApiError(error) && error.status === 403) return <Forbidden />;
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFound />;

  const isOwn = !profileId || !!ownMatch;
  const canEdit = isOwn || hasRole(me, 'admin');
  const ownProfiles = own.data ?? [];

  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title={isOwn ? 'Min profil' : 'Profil'}
        // Reserve the line while loading, so nothing below jumps when the names arrive.
        lead={profile ? familyLabel(profile) : <span className="inline-block h-7" aria-hidden="true" />}
      >
        <div className="mt-5 flex flex-wrap items-end gap-3">
          {ownProfiles.length > 1 && isOwn ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="velg-profil" className="font-semibold text-sea-900">
                Velg profil
              </label>
              <select
                id="velg-profil"
                value={profile?._id ?? ''}
                onChange={(e) => navigate(e.target.value === ownProfiles[0]?._id ? paths.profile : paths.profileById(e.target.value))}
                className="min-h-11 rounded-xl border-2 border-sea-700 bg-white px-3 py-2 text-base"
              >
                {ownProfiles.map((p) => (
                  <option key={p._id} value={p._id}>
                    {familyLabel(p)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <LogoutButton />
        </div>
      </PageHeader>

      {error ? (
        <p role="alert" className="rounded-2xl bg-danger-bg p-5 font-medium text-danger">
          Kunne ikke hente profilen
        </p>
      ) : own.isPending || (needsFetch && other.isPending) ? (
        <ProfileSkeleton />
      ) : !profile ? (
        <p className="rounded-2xl bg-sand-100 p-5">Du har ingen profil ennå.</p>
      ) : (
        <>
          <ProfileView
            profile={profile}
            childrenAction={canEdit ? <Button onClick={() => setAddOpen(true)}>Legg til barn</Button> : null}
            courseAction={(child, course) =>
              me ? (
                <CalendarDownloadButton
                  userId={me._id}
                  course={course}
                  label={`Last ned kalender for ${course.name || course.experienceLevel}, ${child.firstName}`}
                />
              ) : null
            }
          />
          <AddChildDialog open={addOpen} onOpenChange={setAddOpen} profiles={[{ id: profile._id, label: familyLabel(profile) }]} />
        </>
      )}
      {isOwn ? <SessionsSection /> : null}
    </Container>
  );
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
