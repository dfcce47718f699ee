import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '@app/shared';
import { AppError } from './app-error';

/** Rich text (FAQ answers, terms), plain or HTML, is stored as sanitised HTML from a fixed allow-list, whoever sends it. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with their content (the rest keep their text and lose the tag).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    // A link without a safe absolute href loses the href (renaming the tag confuses sanitize-html's closing tags).
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return { tagName, attribs: href ? { href } : {} };
    },
  },
};

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http(s) or mailto URL, else null (relative, protocol-relative, javascript:, data: …). */
function safeHref(value: string | undefined): string | null {
  if (!value) return null;
  const href = value.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return null;
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}

const TAG = /<\/?[a-z][^>]*>/i;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text: blank lines separate paragraphs; single line breaks stay line breaks. */
function plainToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/\n/g, '<br />')}</p>`)
    .join('');
}

export function sanitizeRichText(input: string): string {
  const html = TAG.test(input) ? input : plainToHtml(input);
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of sanitised rich text (to refuse answers that are empty once cleaned). */
export function richTextIsEmpty(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}

/** Sanitised rich text for `field`; one with nothing left to read is refused like an empty one. */
export function cleanRichText(input: string, field: string): string {
  const clean = sanitizeRichText(input);
  if (richTextIsEmpty(clean)) throw new AppError('VALIDATION', `Invalid input: ${field} is empty`);
  return clean;
}
