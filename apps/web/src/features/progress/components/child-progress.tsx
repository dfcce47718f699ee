import type { Child } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, fullName } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { getCertificate, useChildProgress } from '@/features/progress/api/progress';

/** One child's 'Fremgang': the ladder with the current level, each skill with the date mastered, the comments, 'Kursbevis'. */
function OneChild({ child }: { child: Child }) {
  const progress = useChildProgress(child._id);
  const name = fullName(child);
  if (progress.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (progress.isError) return <p role="alert">{errorMessage(progress.error, 'Kunne ikke hente fremgangen')}</p>;
  const { ladder, currentLevelId, levels, courses } = progress.data;
  const current = levels.find((l) => l._id === currentLevelId);
  const download = async (courseId: string) => {
    try {
      saveFile(await getCertificate(child._id, courseId), `kursbevis-${child.firstName.toLowerCase()}.pdf`, 'application/pdf');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke hente kursbeviset'));
    }
  };
  const noted = courses.filter((c) => c.comment || c.recommendedLevel || c.certificate);
  return (
    <section aria-label={`Fremgang for ${name}`} className="rounded-2xl border border-sea-100 bg-white p-4">
      <h3 className="text-lg font-bold break-words">{name}</h3>
      {ladder.length ? (
        <ol aria-label="Nivåer" className="mt-2 flex flex-wrap gap-2">
          {ladder.map((l) => (
            <li key={l._id} aria-current={l._id === currentLevelId ? 'step' : undefined} className={`rounded-full px-3 py-1 text-sm ${l._id === currentLevelId ? 'bg-sea-800 font-semibold text-white' : 'bg-sea-50'}`}>
              {l.name}
            </li>
          ))}
        </ol>
      ) : null}
      {current ? (
        <>
          <p className="mt-3">
            Nivå nå: <strong>{current.name}</strong>
          </p>
          <ul aria-label={`Ferdigheter på ${current.name}`} className="mt-2 space-y-1">
            {current.skills.map((s) => (
              <li key={s._id} className="break-words">
                {s.state === 'Mestrer' ? '★ ' : '· '}
                {s.description}: {s.state === 'Mestrer' && s.masteredAt ? `Mestrer (${formatDate(s.masteredAt)})` : (s.state ?? 'Ikke øvd på ennå')}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3">Ikke noe nivå ennå.</p>
      )}
      {noted.map((c) => (
        <div key={c._id} className="mt-4 border-t border-sea-100 pt-3">
          <p className="font-semibold break-words">{c.name}</p>
          {c.comment ? <p className="mt-1 break-words whitespace-pre-line">«{c.comment}»</p> : null}
          {c.recommendedLevel ? <p className="mt-1">Anbefalt neste kurs: {c.recommendedLevel}</p> : null}
          {c.certificate ? (
            <Button variant="secondary" className="mt-2" onClick={() => void download(c._id)} aria-label={`Kursbevis, ${c.name}, ${child.firstName}`}>
              Kursbevis
            </Button>
          ) : null}
        </div>
      ))}
    </section>
  );
}

/** 'Fremgang' on /profil: each child's progress on the ladder (decision 057). */
export function FamilyProgress({ childList }: { childList: readonly Child[] }) {
  if (childList.length === 0) return null;
  return (
    <TitledSection id="fremgang-tittel" title="Fremgang" titleClassName="mb-4 text-2xl font-bold text-sea-900">
      <div className="space-y-4">
        {childList.map((child) => (
          <OneChild key={child._id} child={child} />
        ))}
      </div>
    </TitledSection>
  );
}
