import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';

const STATUS: Record<string, { label: string; className: string }> = {
  sent: { label: 'Sendt', className: 'bg-success-bg text-success' },
  kept: { label: 'Lagret (ingen e-posttjener)', className: 'bg-sea-50 text-sea-900' },
  pending: { label: 'Venter', className: 'bg-warning-bg text-warning' },
  failed: { label: 'Feilet', className: 'bg-danger-bg text-danger' },
};

function MessageItem({ message }: { message: OutboxMessage }) {
  const status = STATUS[message.status] ?? { label: message.status, className: 'bg-sea-50 text-sea-900' };
  return (
    <article className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-bold break-words text-sea-900">{message.subject || '(uten emne)'}</h2>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${status.className}`}>{status.label}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Til</dt>
        <dd className="break-words">{message.to}</dd>
        <dt className="font-semibold">Tidspunkt</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
        <dt className="font-semibold">Vedlegg</dt>
        <dd className="break-words">
          {message.attachments.length ? message.attachments.map((a) => a.filename).join(', ') : 'Ingen'}
        </dd>
      </dl>
      {message.text !== null && (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sea-800 underline">
            Vis innholdet
          </summary>
          <pre className="mt-2 rounded-xl bg-sand-50 p-3 font-sans text-sm break-words whitespace-pre-wrap">
            {message.text}
          </pre>
        </details>
      )}
    </article>
  );
}

/** The sent-mail list (admin); the text opens only in test mode: with an e-mail server no body is kept (probe M3). */
export function OutboxList() {
  const outbox = useOutbox();
  if (outbox.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Laster e-post</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-40 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (outbox.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-danger-bg p-5 text-danger">
        <p className="font-semibold">Kunne ikke hente sendt e-post. Vennligst prøv igjen senere.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void outbox.refetch()}>
          Prøv igjen
        </Button>
      </div>
    );
  }
  if (outbox.data.length === 0) return <p className="rounded-2xl bg-sand-100 p-5">Ingen e-post er sendt ennå.</p>;
  return (
    <ul className="space-y-3">
      {outbox.data.map((message) => (
        <li key={message._id}>
          <MessageItem message={message} />
        </li>
      ))}
    </ul>
  );
}
