import { lazy, Suspense, useSyncExternalStore } from 'react';
import { dialogStore } from './dialogs';

// The dialog markup (Radix) loads with the first alert/confirm/prompt, so it stays out of the first page load.
const DialogView = lazy(() => import('./dialog-view'));

/** Shows what `alert()`, `confirm()` and `prompt()` ask. Mounted once, in the app frame (app/provider.tsx). */
export function DialogHost() {
  const entries = useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {entries.map((entry) => (
        <DialogView key={entry.id} entry={entry} onAnswer={dialogStore.answer} />
      ))}
    </Suspense>
  );
}
