import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

/** The focus ring (index.css) is not the error colour, and shows against the page and the dark footer (issue 35). */

const rgb = (color: string) => (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
const luminance = ([r, g, b]: [number, number, number]) => {
  const [lr, lg, lb] = [r, g, b].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const hue = (color: string) => {
  const [r, g, b] = rgb(color).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};
const hueDistance = (a: string, b: string) => {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
};
const cssColor = (name: string) => {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
};

describe('focus ring', () => {
  it('is not the error colour, and has 3:1 contrast with the page and with the footer', async () => {
    await render(
      <div>
        <button type="button">På siden</button>
        <footer className="bg-sea-950 p-4">
          <a href="#x">I bunnteksten</a>
        </footer>
      </div>,
    );
    await userEvent.tab();
    const button = document.querySelector('button')!;
    expect(document.activeElement).toBe(button);
    const ring = getComputedStyle(button).outlineColor;
    expect(getComputedStyle(button).outlineStyle).toBe('solid');
    expect(ring).not.toBe(cssColor('--color-danger'));
    // Not a red or orange either: the old ring (#c2410c) was 13° from the error colour.
    expect(hueDistance(ring, cssColor('--color-danger'))).toBeGreaterThan(60);
    expect(contrast(ring, cssColor('--color-page'))).toBeGreaterThanOrEqual(3);

    await userEvent.tab();
    const link = document.querySelector('footer a')!;
    expect(document.activeElement).toBe(link);
    expect(contrast(getComputedStyle(link).outlineColor, cssColor('--color-sea-950'))).toBeGreaterThanOrEqual(3);
  });
});
