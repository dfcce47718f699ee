import { afterEach, describe, expect, it } from 'vitest';
import { preloadModules } from './preload-modules';

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"][href*="/preload-test/"]')) link.remove();
});

describe('preloadModules', () => {
  it('pauses after each file it asks for, so that each is asked for in a task of its own', async () => {
    const seen: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLLinkElement) seen.push(`link ${new URL(n.href).pathname}`);
    });
    observer.observe(document.head, { childList: true });
    const pause = async () => {
      // Mutation records of the link(s) added so far, taken before the pause is counted.
      for (const r of observer.takeRecords()) for (const n of r.addedNodes) if (n instanceof HTMLLinkElement) seen.push(`link ${new URL(n.href).pathname}`);
      seen.push('pause');
    };

    await preloadModules(['/preload-test/a.js', '/preload-test/b.js', '/preload-test/c.js'], pause);
    observer.disconnect();

    expect(seen).toEqual(['link /preload-test/a.js', 'pause', 'link /preload-test/b.js', 'pause', 'link /preload-test/c.js', 'pause']);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[href*="/preload-test/"]')];
    expect(links.map((l) => [l.rel, l.crossOrigin])).toEqual([
      ['modulepreload', 'anonymous'],
      ['modulepreload', 'anonymous'],
      ['modulepreload', 'anonymous'],
    ]);
  });
});
