import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_MS, TOAST_EXIT_MS } from '@shared/constants';
import { StrokeIcon } from './icon';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds; `Infinity` never expires. */
  duration: number;
}

// One list for the whole page, outside React: `toast.success(…)` works from anywhere; <Toaster /> shows it.
let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function setToasts(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(type: ToastType, message: string, duration: number = TOAST_DEFAULT_MS): string {
  const id = `toast-${++counter}`;
  setToasts([...toasts, { id, type, message, duration }]);
  return id;
}

/** Removes a toast at once (no exit animation); the close button and the timer animate out first. */
function remove(id: string) {
  setToasts(toasts.filter((t) => t.id !== id));
}

/** Spec §2/§4 toasts: default 5000 ms, a 300 ms exit, `Infinity` stays until closed; returns the id for `dismiss`. */
export const toast = {
  success: (message: string, duration?: number) => show('success', message, duration),
  error: (message: string, duration?: number) => show('error', message, duration),
  warning: (message: string, duration?: number) => show('warning', message, duration),
  info: (message: string, duration?: number) => show('info', message, duration),
  dismiss: remove,
  /** Removes every toast at once (tests, and a page that starts over). */
  clear: () => setToasts([]),
};

/** The toast region. Mounted once, in the app frame (app/provider.tsx). */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    <section aria-label="Varsler" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
      <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
        {list.map((t) => (
          <ToastItem key={t.id} toast={t} onDone={remove} />
        ))}
      </ol>
    </section>
  );
}

const styles: Record<ToastType, { box: string; bar: string; label: string }> = {
  success: { box: 'border-success bg-success-bg text-success', bar: 'bg-success', label: 'Suksess' },
  error: { box: 'border-danger bg-danger-bg text-danger', bar: 'bg-danger', label: 'Feil' },
  warning: { box: 'border-warning bg-warning-bg text-warning', bar: 'bg-warning', label: 'Advarsel' },
  info: { box: 'border-sea-700 bg-sea-50 text-sea-900', bar: 'bg-sea-700', label: 'Info' },
};

function ToastItem({ toast: item, onDone }: { toast: Toast; onDone: (id: string) => void }) {
  const [exiting, setExiting] = useState(false);
  const [paused, setPaused] = useState(false);
  const finite = Number.isFinite(item.duration);
  const visibleMs = Math.max(0, item.duration - TOAST_EXIT_MS);
  const remaining = useRef(visibleMs);
  const startedAt = useRef(0);

  useEffect(() => {
    if (!exiting) return;
    const timer = window.setTimeout(() => onDone(item.id), TOAST_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [exiting, onDone, item.id]);

  // The visible time counts down only while the pointer (or focus) is away; hovering keeps what is left.
  useEffect(() => {
    if (!finite || paused || exiting) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => setExiting(true), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [finite, paused, exiting]);

  const style = styles[item.type];
  return (
    <li
      data-state={exiting ? 'closing' : 'open'}
      className={`pointer-events-auto relative overflow-hidden rounded-xl border-l-4 shadow-lg ${style.box} ${
        exiting ? 'animate-toast-out' : 'animate-toast-in'
      }`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex items-start gap-3 py-3 pr-2 pl-4">
        <p className="flex-1 pt-1.5 font-medium">
          <span className="sr-only">{style.label}: </span>
          {item.message}
        </p>
        <button
          type="button"
          onClick={() => setExiting(true)}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
          aria-label="Lukk varsel"
        >
          <StrokeIcon d="M5 5l10 10M15 5L5 15" className="size-4" />
        </button>
      </div>
      {finite ? (
        <div
          aria-hidden="true"
          data-testid="toast-progress"
          className={`animate-toast-progress h-1 origin-left ${style.bar}`}
          style={{ animationDuration: `${visibleMs}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        />
      ) : null}
    </li>
  );
}
