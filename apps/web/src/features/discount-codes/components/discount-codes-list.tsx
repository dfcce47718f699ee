import { useState } from 'react';
import type { DiscountCode } from '@shared/api';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDateRange, formatKr, krToOre, osloDateKey } from '@/lib/format';
import { useDeleteDiscountCode, useDiscountCodes, useUpdateDiscountCode } from '../api/discount-codes';
import { DiscountCodeForm, type ScopeOptions } from './discount-code-form';

const valueText = (c: DiscountCode) => (c.kind === 'percent' ? `${c.percent} %` : formatKr(krToOre(c.amountKr ?? 0)));
const usesText = (c: DiscountCode) =>
  `Brukt ${c.uses}${c.maxUses !== null ? ` av ${c.maxUses}` : ''} ${c.uses === 1 && c.maxUses === null ? 'gang' : 'ganger'}` +
  (c.maxUsesPerFamily !== null ? `, høyst ${c.maxUsesPerFamily} per familie` : '');
const scopeText = (c: DiscountCode) =>
  c.courseIds.length === 0 && c.venueIds.length === 0 ? 'Alle kurs' : [c.venueIds.length ? `${c.venueIds.length} kurssted` : '', c.courseIds.length ? `${c.courseIds.length} kurs` : ''].filter(Boolean).join(' og ');
function stateText(c: DiscountCode, today: string) {
  if (c.retired) return 'Avsluttet';
  if (today > c.validTo) return 'Utløpt';
  if (today < c.validFrom) return 'Ikke startet';
  return 'Aktiv';
}

/** /admin/rabattkoder: the codes, newest first, with their terms and how often each was used (decision 058). */
export function DiscountCodesList({ scope }: { scope: ScopeOptions }) {
  const codes = useDiscountCodes();
  const update = useUpdateDiscountCode();
  const remove = useDeleteDiscountCode();
  // undefined: no dialog; null: a new code; a code: edit it.
  const [editing, setEditing] = useState<DiscountCode | null | undefined>(undefined);
  const today = osloDateKey(new Date());

  const toggleRetired = async (c: DiscountCode) => {
    const { _id, code: _code, uses: _uses, createdAt: _createdAt, percent, amountKr, kind, ...rest } = c;
    const value = kind === 'percent' ? { kind, percent: percent ?? 0 } : { kind, amountKr: amountKr ?? 0 };
    try {
      await update.mutateAsync({ id: _id, ...rest, ...value, retired: !c.retired });
      toast.success(c.retired ? 'Rabattkoden er tatt i bruk igjen' : 'Rabattkoden er avsluttet');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre rabattkoden'));
    }
  };
  const onDelete = async (c: DiscountCode) => {
    const yes = await confirm({ title: 'Slett rabattkode?', message: `«${c.code}» slettes.`, confirmText: 'Slett', confirmVariant: 'danger', cancelText: 'Behold' });
    if (!yes) return;
    try {
      await remove.mutateAsync(c._id);
      toast.success('Rabattkoden er slettet');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke slette rabattkoden'));
    }
  };

  return (
    <section aria-label="Rabattkoder">
      <Button onClick={() => setEditing(null)}>Ny rabattkode</Button>
      {codes.isPending ? (
        <Skeleton className="mt-6 h-24 w-full rounded-xl" />
      ) : codes.isError ? (
        <p role="alert" className="mt-6">
          {errorMessage(codes.error, 'Kunne ikke hente rabattkodene')}
        </p>
      ) : codes.data.length === 0 ? (
        <p className="mt-6">Ingen rabattkoder ennå.</p>
      ) : (
        <ul className="mt-6 divide-y divide-sea-100 rounded-xl border border-sea-100 bg-white">
          {codes.data.map((c) => (
            <li key={c._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {c.code} <span className="font-normal">– {valueText(c)}</span> <span className="text-sm font-normal text-muted">({stateText(c, today)})</span>
                </p>
                <p className="text-sm">
                  {formatDateRange(c.validFrom, c.validTo)} · {scopeText(c)}
                </p>
                <p className="text-sm">{usesText(c)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing(c)} aria-label={`Endre ${c.code}`}>
                  Endre
                </Button>
                <Button variant="secondary" onClick={() => void toggleRetired(c)} disabled={update.isPending} aria-label={`${c.retired ? 'Ta i bruk' : 'Avslutt'} ${c.code}`}>
                  {c.retired ? 'Ta i bruk' : 'Avslutt'}
                </Button>
                {c.uses === 0 ? (
                  <Button variant="ghost" onClick={() => void onDelete(c)} disabled={remove.isPending} aria-label={`Slett ${c.code}`}>
                    Slett
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} title={editing ? 'Endre rabattkode' : 'Ny rabattkode'} size="lg">
        {editing !== undefined ? <DiscountCodeForm code={editing ?? undefined} scope={scope} onDone={() => setEditing(undefined)} /> : null}
      </Modal>
    </section>
  );
}
