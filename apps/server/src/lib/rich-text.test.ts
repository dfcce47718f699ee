import { describe, expect, it } from 'vitest';
import { richTextIsEmpty, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps paragraphs, lists, emphasis and safe links', () => {
    const html =
      '<p>Ta med <strong>badetøy</strong> og <em>håndkle</em>.</p><ul><li>Én</li><li>To</li></ul><ol><li>Tre</li></ol>' +
      '<p><a href="https://example.no/x?a=1&amp;b=2">lenke</a> <a href="mailto:post@example.no">e-post</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('turns plain text into paragraphs and line breaks, escaping what looks like markup', () => {
    expect(sanitizeRichText('Første linje\nandre linje\n\nNytt avsnitt med 3 < 4 & 5 > 2')).toBe(
      '<p>Første linje<br />andre linje</p><p>Nytt avsnitt med 3 &lt; 4 &amp; 5 &gt; 2</p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>hei</p>', '<p>hei</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x">hei</p>', '<p>hei</p>'],
    ['<img src=x onerror=alert(1)>hei', 'hei'],
    ['<svg onload=alert(1)><circle /></svg>hei', 'hei'],
    ['<iframe src="https://evil.example"></iframe>hei', 'hei'],
    ['<a href="javascript:alert(1)">klikk</a>', '<a>klikk</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">klikk</a>', '<a>klikk</a>'],
    ['<a href="java&#x09;script:alert(1)">klikk</a>', '<a>klikk</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">klikk</a>', '<a>klikk</a>'],
    ['<a href="vbscript:msgbox(1)">klikk</a>', '<a>klikk</a>'],
    ['<a href="//evil.example">klikk</a>', '<a>klikk</a>'],
    ['<a href="https://ok.example" onmouseover="alert(1)" target="_self">ok</a>', '<a href="https://ok.example">ok</a>'],
    ['<p>hei<style>p{background:url(javascript:alert(1))}</style></p>', '<p>hei</p>'],
    ['<form action="https://evil.example"><input name="x"><button>Send</button></form>', 'Send'],
    ['<div><h1>Tittel</h1><table><tr><td>celle</td></tr></table></div>', 'Tittelcelle'],
    ['"><script>alert(1)</script>', '"&gt;'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<!-- <script>alert(1)</script> -->hei', 'hei'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('removes %s', (payload, expected) => {
    const clean = sanitizeRichText(payload);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/<script|onerror|onload|onclick|onmouseover|javascript:|<img|<svg|<iframe|style=/i);
  });

  it('keeps the text of a link it cannot keep, and the tags after it intact', () => {
    expect(sanitizeRichText('<a href="javascript:alert(4)">lenke</a><ul><li><a href="https://ok.example">ok</a></li></ul>')).toBe(
      '<a>lenke</a><ul><li><a href="https://ok.example">ok</a></li></ul>',
    );
  });

  it('knows an answer that is empty once cleaned', () => {
    expect(richTextIsEmpty(sanitizeRichText('<script>alert(1)</script>'))).toBe(true);
    expect(richTextIsEmpty(sanitizeRichText('<p> </p><ul><li></li></ul>'))).toBe(true);
    expect(richTextIsEmpty(sanitizeRichText('<p>Svar</p>'))).toBe(false);
  });
});
