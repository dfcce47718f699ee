import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DashboardBox } from '@/components/ui/dashboard-box';
import { confirm } from '@/components/ui/dialogs';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useCourseWaitlist, useWaitlistOverview, useWaitlistStep } from '@/features/waitlist/api/waitlist';

/** Admin dashboard: waiting children per course; each course's list opens in a dialog. */
export function WaitlistBox() {
  const overview = useWaitlistOverview();
  const [courseId, setCourseId] = useState<string | null>(null);
  const rows = overview.data ?? [];
  return (
    <DashboardBox title="Ventelister" count={rows.reduce((n, r) => n + r.waiting, 0)}>
      {overview.isError ? <p role="alert">Kunne ikke hente ventelistene</p> : null}
      {overview.isSuccess && rows.length === 0 ? <p className="text-muted">Ingen venter på plass</p> : null}
      <ul className="divide-y divide-line">
        {rows.map((row) => (
          <li key={row.courseId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold">{row.name}</span>, {row.placeName}
              {row.firstDate ? ` · ${formatDate(row.firstDate)}` : ''}
              <span className="block text-sm text-muted">
                {row.waiting} venter{row.offered ? ` · ${row.offered} med tilbud` : ''}
                {row.waitlistClosed ? ' · stengt' : ''}
              </span>
            </span>
            <Button variant="secondary" onClick={() => setCourseId(row.courseId)} aria-label={`Vis ventelisten for ${row.name}`}>
              Vis venteliste
            </Button>
          </li>
        ))}
      </ul>
      <CourseWaitlistDialog courseId={courseId} onClose={() => setCourseId(null)} />
    </DashboardBox>
  );
}

function CourseWaitlistDialog({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const list = useCourseWaitlist(courseId);
  const step = useWaitlistStep();
  const run = (s: Parameters<typeof step.mutate>[0], done: string) =>
    step.mutate(s, { onSuccess: () => toast.success(done), onError: (error) => toast.error(errorMessage(error)) });
  const data = list.data;
  return (
    <Modal open={!!courseId} onOpenChange={(open) => !open && onClose()} title={data ? `Venteliste: ${data.course.name}` : 'Venteliste'} size="lg">
      {list.isPending ? <p role="status">Laster venteliste …</p> : null}
      {data ? (
        <div className="space-y-4">
          <p>
            {data.course.placeName} · {data.course.participantsCount} av {data.course.maximumParticipants} plasser tatt
            {data.course.waitlistClosed ? ' · Ventelisten er stengt' : ''}
          </p>
          {data.entries.length === 0 ? <p className="text-muted">Ingen på ventelisten</p> : null}
          <ol className="divide-y divide-line">
            {data.entries.map((entry) => (
              <li key={entry._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">
                    {entry.status === 'waiting' ? `${entry.position}. ` : ''}
                    <Link to={paths.profileById(entry.profileId)}>{fullName(entry.child)}</Link>
                  </span>
                  <span className="block text-sm text-muted">
                    {entry.status === 'offered' && entry.offerExpiresAt
                      ? `Har tilbud til ${formatDateTime(entry.offerExpiresAt)}${entry.offeredByAdmin ? ' (sendt manuelt)' : ''}`
                      : `Venter siden ${formatDate(entry.createdAt)}`}
                    {entry.guardian ? ` · ${fullName(entry.guardian)}` : ''}
                  </span>
                  {entry.familyLapses && entry.familyLapses >= 2 ? (
                    <span data-family-lapses className="block text-sm font-semibold text-danger">
                      Familien har latt {entry.familyLapses} betalinger eller tilbud gå ut siste 30 dager
                    </span>
                  ) : null}
                </span>
                <span className="flex gap-2">
                  {entry.status === 'waiting' ? (
                    <Button variant="secondary" disabled={step.isPending} onClick={() => run({ kind: 'offer', entryId: entry._id }, 'Tilbud sendt')}>
                      Send tilbud
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    disabled={step.isPending}
                    onClick={async () => {
                      if (await confirm({ title: `Hopp over ${entry.child.firstName}?`, confirmText: 'Hopp over', confirmVariant: 'danger' })) {
                        run({ kind: 'skip', entryId: entry._id }, 'Hoppet over');
                      }
                    }}
                  >
                    Hopp over
                  </Button>
                </span>
              </li>
            ))}
          </ol>
          <div className="flex justify-end">
            {data.course.waitlistClosed ? (
              <Button variant="secondary" onClick={() => run({ kind: 'open', courseId: data.course._id }, 'Ventelisten er åpnet')}>
                Åpne ventelisten
              </Button>
            ) : (
              <Button
                variant="danger"
                onClick={async () => {
                  if (await confirm({ title: 'Stenge ventelisten?', message: 'De som venter, tas av listen og får en e-post om det. Tilbud som er sendt, gjelder til de utløper.', confirmText: 'Steng', confirmVariant: 'danger' })) {
                    run({ kind: 'close', courseId: data.course._id }, 'Ventelisten er stengt');
                  }
                }}
              >
                Steng ventelisten
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
