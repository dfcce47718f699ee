import { act as reactAct } from 'react';

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * React's act() for updates the test causes outside a render (a store call, fake timers, a dispatched event).
 * vitest-browser-react switches React's act environment on only during its own calls, so this does the same.
 */
export function act(callback: () => void): void {
  const g = globalThis as ActGlobal;
  const previous = g.IS_REACT_ACT_ENVIRONMENT;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    void reactAct(callback);
  } finally {
    g.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/** Resolves when the running CSS animations named `names` have finished (no fixed waiting). */
export async function animationsFinished(...names: string[]) {
  const running = document.getAnimations().filter((a) => names.includes((a as CSSAnimation).animationName));
  await Promise.all(running.map((a) => a.finished));
}
