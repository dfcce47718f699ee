import { Fragment, useMemo, type ReactNode } from 'react';
import { linkify } from '@/lib/format';

/**
 * Rich text from the server (sanitised HTML), never given to `dangerouslySetInnerHTML`: an inert parser reads it and
 * only allow-listed elements become React elements; only a link's http(s) or mailto href is kept.
 */
const BLOCK = { p: 'p', ul: 'ul', ol: 'ol', li: 'li' } as const;
const INLINE = { strong: 'strong', b: 'strong', em: 'em', i: 'em' } as const;

const linkClass = 'break-words font-medium text-sea-700 underline hover:text-sea-900';

export function safeHref(value: string | null): string | null {
  if (!value) return null;
  const href = value.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return null;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? href : null;
  } catch {
    return null;
  }
}

function textWithLinks(text: string, key: string): ReactNode {
  const segments = linkify(text);
  if (segments.length === 1 && segments[0]!.type === 'text') return text;
  return (
    <Fragment key={key}>
      {segments.map((s, i) =>
        s.type === 'link' ? (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {s.text}
          </a>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </Fragment>
  );
}

/** What the walker needs of a parsed node: both parsers hand back this shape. */
export type HtmlNode =
  | { type: 'text'; text: string }
  | { type: 'element'; tag: string; href: string | null; children: HtmlNode[] }
  | { type: 'other' };

export type HtmlParser = (html: string) => HtmlNode[];

function fromDom(nodes: NodeListOf<ChildNode>): HtmlNode[] {
  return Array.from(nodes, (node): HtmlNode => {
    if (node.nodeType === Node.TEXT_NODE) return { type: 'text', text: node.textContent ?? '' };
    if (node.nodeType !== Node.ELEMENT_NODE) return { type: 'other' };
    const element = node as Element;
    return { type: 'element', tag: element.tagName.toLowerCase(), href: element.getAttribute('href'), children: fromDom(element.childNodes) };
  });
}

const browserParser: HtmlParser = (html) => fromDom(new DOMParser().parseFromString(html, 'text/html').body.childNodes);
let parser: HtmlParser | null = typeof DOMParser === 'undefined' ? null : browserParser;

/** The server-side renderer has no DOMParser: it installs an equivalent parser (htmlparser2) here. */
export function setHtmlParser(next: HtmlParser): void {
  parser = next;
}

function walk(nodes: HtmlNode[], prefix: string, insideLink: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const key = `${prefix}.${index}`;
    if (node.type === 'text') {
      if (node.text) out.push(insideLink ? node.text : textWithLinks(node.text, key));
      return;
    }
    if (node.type !== 'element') return;
    const tag = node.tag;
    const children = () => walk(node.children, key, insideLink || tag === 'a');
    if (tag === 'br') out.push(<br key={key} />);
    else if (tag in BLOCK) {
      const Tag = BLOCK[tag as keyof typeof BLOCK];
      const className = tag === 'ul' ? 'list-disc space-y-1 pl-6' : tag === 'ol' ? 'list-decimal space-y-1 pl-6' : undefined;
      out.push(
        <Tag key={key} className={className}>
          {children()}
        </Tag>,
      );
    } else if (tag in INLINE) {
      const Tag = INLINE[tag as keyof typeof INLINE];
      out.push(<Tag key={key}>{children()}</Tag>);
    } else if (tag === 'a') {
      const href = safeHref(node.href);
      out.push(
        href && !insideLink ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {children()}
          </a>
        ) : (
          <Fragment key={key}>{children()}</Fragment>
        ),
      );
    } else if (['script', 'style', 'template', 'iframe', 'object', 'svg', 'math', 'noscript', 'textarea', 'title'].includes(tag)) {
      // Not even their text: it is code, not content.
    } else {
      out.push(<Fragment key={key}>{children()}</Fragment>);
    }
  });
  return out;
}

export function richTextToReact(html: string): ReactNode[] {
  if (!parser) throw new Error('No HTML parser: the server renderer must call setHtmlParser()');
  return walk(parser(html), 'r', false);
}

/** Plain text without markup keeps its line breaks (older entries were written that way). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const content = useMemo(() => richTextToReact(html), [html]);
  const hasMarkup = /<\/?[a-z][^>]*>/i.test(html);
  return <div className={`rich-text space-y-3 ${hasMarkup ? '' : 'whitespace-pre-line'} ${className}`}>{content}</div>;
}
