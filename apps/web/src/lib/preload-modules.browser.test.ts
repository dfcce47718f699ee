import { afterEach, describe, expect, it } from 'vitest';
import { preloadModules } from './preload-modules';

const testLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[href*="/preload-test/"]')];

afterEach(() => {
  for (const link of testLinks()) link.remove();
});

describe('preloadModules', () => {
  it('pauses after each file it asks for, so that each is asked for in a task of its own', async () => {
    // At each pause, how many of the files have been asked for so far.
    const askedAtPause: number[] = [];
    await preloadModules(['/preload-test/a.js', '/preload-test/b.js', '/preload-test/c.js'], async () => {
      askedAtPause.push(testLinks().length);
    });

    expect(askedAtPause).toEqual([1, 2, 3]);
    expect(testLinks().map((l) => [new URL(l.href).pathname, l.rel, l.crossOrigin])).toEqual([
      ['/preload-test/a.js', 'modulepreload', 'anonymous'],
      ['/preload-test/b.js', 'modulepreload', 'anonymous'],
      ['/preload-test/c.js', 'modulepreload', 'anonymous'],
    ]);
  });
});
