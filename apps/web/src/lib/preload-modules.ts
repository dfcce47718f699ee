import { yieldToBrowser } from './yield-to-browser';

/**
 * Asks for the page's script files (`<link rel="modulepreload">`), one per task: a server-rendered page names about
 * 15, and asking for them all in one go was one task of 60 to 90 ms in Lighthouse's trace on this project's test
 * machines, four times that on the phone Lighthouse plays (decision 021). `pause` is the yield, for the test.
 */
export async function preloadModules(hrefs: readonly string[], pause: () => Promise<void> = yieldToBrowser): Promise<void> {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
    await pause();
  }
}
