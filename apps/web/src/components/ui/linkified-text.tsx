import { Term } from './term';
import { linkify } from '@/lib/format';

/** Free text with web links made clickable (safe anchors only; everything else stays text). Keeps line breaks. */
export function LinkifiedText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-line ${className}`}>
      {linkify(text).map((segment, i) =>
        segment.type === 'link' ? (
          <a
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-words font-medium text-sea-700 underline hover:text-sea-900"
          >
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

/** A course's 'Info' row in a definition list, its links clickable; nothing when there is no text. */
export function InfoTerm({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Term label="Info">
      <LinkifiedText text={text} />
    </Term>
  );
}
