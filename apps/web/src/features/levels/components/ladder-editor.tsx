import type { Level } from '@shared/api';
import { Button } from '@/components/ui/button';
import { confirm, prompt } from '@/components/ui/dialogs';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useChangeLadder, useLevels, type LadderChange } from '@/features/levels/api/levels';

/** `ids` with the one at `index` moved one step (-1 up, +1 down). */
const moved = (ids: string[], index: number, step: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + step]] = [next[index + step]!, next[index]!];
  return next;
};

/** One row's buttons: move up and down, rename, retire or bring back, delete. */
function RowActions({ name, index, count, retired, onChange }: { name: string; index: number; count: number; retired: boolean; onChange: (action: 'up' | 'down' | 'rename' | 'retire' | 'delete') => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="ghost" disabled={index === 0} onClick={() => onChange('up')} aria-label={`Flytt ${name} opp`}>
        ↑
      </Button>
      <Button variant="ghost" disabled={index === count - 1} onClick={() => onChange('down')} aria-label={`Flytt ${name} ned`}>
        ↓
      </Button>
      <Button variant="secondary" onClick={() => onChange('rename')} aria-label={`Endre ${name}`}>
        Endre
      </Button>
      <Button variant="secondary" onClick={() => onChange('retire')} aria-label={`${retired ? 'Ta i bruk' : 'Ta ut av bruk'}: ${name}`}>
        {retired ? 'Ta i bruk' : 'Ta ut av bruk'}
      </Button>
      <Button variant="ghost" onClick={() => onChange('delete')} aria-label={`Slett ${name}`}>
        Slett
      </Button>
    </div>
  );
}

/** /admin/nivaer: the ladder, bottom first; a level or skill in use cannot be deleted, only taken out of use. */
export function LadderEditor() {
  const levels = useLevels();
  const change = useChangeLadder();

  const run = async (what: LadderChange, done?: string) => {
    try {
      await change.mutateAsync(what);
      if (done) toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre endringen'));
    }
  };
  const ask = (title: string, label: string, defaultValue = '') => prompt({ title, label, defaultValue, confirmText: 'Lagre', cancelText: 'Avbryt' });
  const sure = (title: string, message: string) => confirm({ title, message, confirmText: 'Slett', confirmVariant: 'danger', cancelText: 'Behold' });

  if (levels.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (levels.isError) return <p role="alert">{errorMessage(levels.error, 'Kunne ikke hente nivåene')}</p>;
  const ladder = levels.data;

  const onLevel = async (level: Level, index: number, action: 'up' | 'down' | 'rename' | 'retire' | 'delete') => {
    if (action === 'up' || action === 'down') return run({ kind: 'order-levels', ids: moved(ladder.map((l) => l._id), index, action === 'up' ? -1 : 1) });
    if (action === 'retire') return run({ kind: 'level', id: level._id, retired: !level.retired });
    if (action === 'rename') {
      const name = (await ask('Endre nivå', 'Navn', level.name))?.trim();
      return name ? run({ kind: 'level', id: level._id, name }, 'Nivået er lagret') : undefined;
    }
    if (await sure('Slett nivå?', `«${level.name}» og ferdighetene på nivået slettes.`)) return run({ kind: 'delete-level', id: level._id }, 'Nivået er slettet');
  };
  const onSkill = async (level: Level, index: number, action: 'up' | 'down' | 'rename' | 'retire' | 'delete') => {
    const skill = level.skills[index]!;
    if (action === 'up' || action === 'down') return run({ kind: 'order-skills', levelId: level._id, ids: moved(level.skills.map((s) => s._id), index, action === 'up' ? -1 : 1) });
    if (action === 'retire') return run({ kind: 'skill', id: skill._id, retired: !skill.retired });
    if (action === 'rename') {
      const description = (await ask('Endre ferdighet', 'Beskrivelse', skill.description))?.trim();
      return description ? run({ kind: 'skill', id: skill._id, description }, 'Ferdigheten er lagret') : undefined;
    }
    if (await sure('Slett ferdighet?', `«${skill.description}» slettes.`)) return run({ kind: 'delete-skill', id: skill._id }, 'Ferdigheten er slettet');
  };
  const addLevel = async () => {
    const name = (await ask('Nytt nivå', 'Navn'))?.trim();
    if (name) await run({ kind: 'add-level', name }, 'Nivået er lagt til');
  };
  const addSkill = async (level: Level) => {
    const description = (await ask(`Ny ferdighet på ${level.name}`, 'Beskrivelse'))?.trim();
    if (description) await run({ kind: 'add-skill', levelId: level._id, description }, 'Ferdigheten er lagt til');
  };

  return (
    <section aria-label="Nivåer" className="space-y-6">
      <Button onClick={() => void addLevel()}>Nytt nivå</Button>
      {ladder.length === 0 ? <p>Ingen nivåer ennå.</p> : null}
      <ol className="space-y-6">
        {ladder.map((level, index) => (
          <li key={level._id} className="rounded-xl border border-sea-100 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-bold break-words">
                {index + 1}. {level.name}
                {level.retired ? <span className="ml-2 text-sm font-normal text-muted">(ikke i bruk)</span> : null}
              </h2>
              <RowActions name={level.name} index={index} count={ladder.length} retired={level.retired} onChange={(action) => void onLevel(level, index, action)} />
            </div>
            <h3 className="mt-4 font-semibold">Ferdigheter</h3>
            <ul className="mt-2 divide-y divide-sea-100">
              {level.skills.map((skill, i) => (
                <li key={skill._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <span className={`min-w-0 break-words ${skill.retired ? 'text-muted line-through' : ''}`}>
                    {skill.description}
                    {skill.retired ? <span className="sr-only"> (ikke i bruk)</span> : null}
                  </span>
                  <RowActions name={skill.description} index={i} count={level.skills.length} retired={skill.retired} onChange={(action) => void onSkill(level, i, action)} />
                </li>
              ))}
            </ul>
            <Button variant="secondary" className="mt-3" onClick={() => void addSkill(level)} aria-label={`Ny ferdighet på ${level.name}`}>
              Ny ferdighet
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}
