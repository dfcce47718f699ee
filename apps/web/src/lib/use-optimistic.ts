import { useCallback } from 'preact/hooks';

/**
 * React's `useOptimistic` for the Preact build (preact/compat 11 has none; react-router 8's RouterProvider imports it).
 *
 * In React an optimistic value is shown only while the transition that set it is pending, and is dropped when that
 * transition commits: the committed render shows `passthrough` again. Preact has no pending transitions:
 * preact/compat's `startTransition(cb)` runs `cb` at once and its state updates render in the same batch, so a
 * transition is never pending and the value React would show is always `passthrough`. The dispatcher therefore
 * keeps nothing, and is stable like React's.
 *
 * react-router calls the dispatcher only inside `startTransition`, right before setting the new router state, and
 * only with `<RouterProvider useTransitions>` (we don't pass it); either way the rendered router state is the new
 * state, as React shows once that transition has committed.
 */
export function useOptimistic<S, A = S>(
  passthrough: S,
  reducer?: (state: S, action: A) => S,
): [S, (action: A | ((pending: S) => S)) => void] {
  void reducer;
  const dispatch = useCallback((action: A | ((pending: S) => S)) => void action, []);
  return [passthrough, dispatch];
}
