/**
 * Resolves in a task of its own, after the browser has had its turn (input, paint). Starting a request (a fetch, a
 * `<link rel="modulepreload">`) costs the page's main thread a moment, a few milliseconds on a slow phone; started
 * together, many of them make one long task in which the phone answers no tap. Yielding between them gives each its
 * own short task (decision 021). `scheduler.yield()` continues ahead of other waiting tasks where the browser has it.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
