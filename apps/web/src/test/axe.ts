import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core on the rendered page (or one element), WCAG 2.1 A/AA as the E2E suite checks it. Fails the test with the
 * rule ids and the offending markup.
 */
export async function expectNoAxeViolations(context: Element | Document = document) {
  const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  expect(found).toEqual([]);
}
