import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DEFAULT_MS, TOAST_EXIT_MS } from '@shared/constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds; `Infinity` never expires. */
  duration: number;
}

interface ToastApi {
  show: (toast: { type: ToastType; message: string; duration?: number }) => string;
  dismiss: (id: string) => void;
  success: (message: string, duration?: number) => string;
  error: (message: string, duration?: number) => string;
  warning: (message: string, duration?: number) => string;
  info: (message: string, duration?: number) => string;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastApi['show']>(({ type, message, duration = TOAST_DEFAULT_MS }) => {
    const id = `toast-${++counter}`;
    setToasts((list) => [...list, { id, type, message, duration }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, duration) => show({ type: 'success', message, duration }),
      error: (message, duration) => show({ type: 'error', message, duration }),
      warning: (message, duration) => show({ type: 'warning', message, duration }),
      info: (message, duration) => show({ type: 'info', message, duration }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label="Varsler"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
      >
        <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

const styles: Record<ToastType, { box: string; bar: string; label: string }> = {
  success: { box: 'border-success bg-success-bg text-success', bar: 'bg-success', label: 'Suksess' },
  error: { box: 'border-danger bg-danger-bg text-danger', bar: 'bg-danger', label: 'Feil' },
  warning: { box: 'border-warning bg-warning-bg text-warning', bar: 'bg-warning', label: 'Advarsel' },
  info: { box: 'border-sea-700 bg-sea-50 text-sea-900', bar: 'bg-sea-700', label: 'Info' },
};

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: string) => void }) {
  const [exiting, setExiting] = useState(false);
  const [paused, setPaused] = useState(false);
  const finite = Number.isFinite(toast.duration);
  const visibleMs = Math.max(0, toast.duration - TOAST_EXIT_MS);
  const remaining = useRef(visibleMs);
  const startedAt = useRef(0);

  useEffect(() => {
    if (!exiting) return;
    const timer = window.setTimeout(() => onDone(toast.id), TOAST_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [exiting, onDone, toast.id]);

  useEffect(() => {
    if (!finite || paused || exiting) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => setExiting(true), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [finite, paused, exiting]);

  const style = styles[toast.type];
  return (
    <li
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
          {toast.message}
        </p>
        <button
          type="button"
          onClick={() => setExiting(true)}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
          aria-label="Lukk varsel"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      </div>
      {finite ? (
        <div
          aria-hidden="true"
          className={`animate-toast-progress h-1 origin-left ${style.bar}`}
          style={{ animationDuration: `${visibleMs}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        />
      ) : null}
    </li>
  );
}
