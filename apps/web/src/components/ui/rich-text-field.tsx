import type { ComponentProps } from 'react';
import { Textarea } from './form/textarea';
import { RichText } from './rich-text';

interface RichTextFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string;
  /** The current value, for the preview. */
  preview: string;
}

/** A Textarea for rich text (FAQ answers, terms) with a hint and a live preview as visitors will see it. */
export function RichTextField({ label, error, preview, ...textarea }: RichTextFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Textarea
        label={label}
        hint={
          <>
            Vanlig tekst, eller HTML med avsnitt (&lt;p&gt;), lister (&lt;ul&gt;, &lt;ol&gt;, &lt;li&gt;), lenker (&lt;a href="https://…"&gt;),
            &lt;strong&gt; og &lt;em&gt;. Alt annet fjernes når du lagrer.
          </>
        }
        error={error}
        {...textarea}
      />
      {preview.trim() ? (
        <div className="rounded-xl border border-dashed border-line bg-sand-50 p-3">
          <p className="mb-1 text-sm font-semibold text-muted">Forhåndsvisning</p>
          <RichText html={preview} />
        </div>
      ) : null}
    </div>
  );
}
