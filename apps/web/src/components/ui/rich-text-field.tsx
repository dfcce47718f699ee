import { useId, type ComponentProps } from 'react';
import { RichText } from './rich-text';

export const inputClass = (invalid: boolean) =>
  `w-full rounded-xl border-2 bg-white px-3 py-2.5 text-base text-ink ${invalid ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'}`;

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}

interface RichTextFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string;
  /** The current value, for the preview. */
  preview: string;
}

/**
 * A textarea for rich text (FAQ answers, terms) with a hint on what is allowed and a live preview rendered the way
 * visitors will see it (the server cleans the rest away when saving).
 */
export function RichTextField({ label, error, preview, ...textarea }: RichTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-sea-900">
        {label}
      </label>
      <p id={hintId} className="text-sm text-muted">
        Vanlig tekst, eller HTML med avsnitt (&lt;p&gt;), lister (&lt;ul&gt;, &lt;ol&gt;, &lt;li&gt;), lenker (&lt;a href="https://…"&gt;),
        &lt;strong&gt; og &lt;em&gt;. Alt annet fjernes når du lagrer.
      </p>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={inputClass(!!error)}
        {...textarea}
      />
      <FieldError id={errorId} message={error} />
      {preview.trim() ? (
        <div className="rounded-xl border border-dashed border-line bg-sand-50 p-3">
          <p className="mb-1 text-sm font-semibold text-muted">Forhåndsvisning</p>
          <RichText html={preview} />
        </div>
      ) : null}
    </div>
  );
}
