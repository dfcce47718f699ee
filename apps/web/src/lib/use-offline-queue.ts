import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorCode } from '@/lib/error-messages';
import { isApiError } from '@/lib/api-client';

/**
 * The pool deck's one offline queue (attendance and skill marks, decision 057): taps wait in localStorage (they survive
 * a reload) until sent as one batch while online, and go again when the connection returns. A refusal (4xx) does not
 * get better by retrying: the mark the server names (error.params.index) is dropped and kept in `refused` with its
 * code, the rest go again; a refusal that names none drops the batch. A network failure (status 0) or 5xx waits.
 */
export type QueueState = 'saved' | 'sending' | 'waiting' | 'failed';
export type Refused<T> = { item: T; code: ApiErrorCode };

function readQueue<T>(storageKey: string): T[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export function useOfflineQueue<T extends object>(options: {
  storageKey: string;
  /** One entry per key: a newer tap replaces the one waiting. */
  keyOf: (item: T) => string;
  send: (batch: T[]) => Promise<unknown>;
  /** After a batch reached the server (refetch what it shows). */
  onSent: () => void;
}) {
  const { storageKey, keyOf } = options;
  const [pending, setPending] = useState<T[]>(() => readQueue<T>(storageKey));
  const [state, setState] = useState<QueueState>(() => (pending.length ? 'waiting' : 'saved'));
  const [refused, setRefused] = useState<Refused<T>[]>([]);
  const sending = useRef(false);
  const pendingRef = useRef(pending);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const save = useCallback(
    (next: T[]) => {
      if (next.length) localStorage.setItem(storageKey, JSON.stringify(next));
      else localStorage.removeItem(storageKey);
      pendingRef.current = next;
      setPending(next);
    },
    [storageKey],
  );

  const flush = useCallback(async (): Promise<void> => {
    const batch = pendingRef.current;
    if (sending.current || batch.length === 0) return;
    if (!navigator.onLine) {
      setState('waiting');
      return;
    }
    sending.current = true;
    setState('sending');
    // Taps made while this batch is on its way stay (the same object only if not replaced).
    const without = (gone: readonly T[]) => pendingRef.current.filter((m) => !gone.includes(m));
    let retry = false;
    try {
      await optionsRef.current.send(batch);
      save(without(batch));
      setState(pendingRef.current.length ? 'waiting' : 'saved');
      optionsRef.current.onSent();
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        const index = typeof error.params.index === 'number' ? error.params.index : undefined;
        const dropped = index !== undefined && batch[index] ? [batch[index]] : batch;
        setRefused((list) => [...list.filter((r) => !dropped.some((d) => keyOf(d) === keyOf(r.item))), ...dropped.map((item) => ({ item, code: error.code }))]);
        save(without(dropped));
        setState('failed');
        retry = index !== undefined;
      } else setState('waiting');
    } finally {
      sending.current = false;
    }
    if ((retry || pendingRef.current.length) && navigator.onLine) void flushRef.current();
  }, [keyOf, save]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const add = useCallback(
    (item: T) => {
      setRefused((list) => list.filter((r) => keyOf(r.item) !== keyOf(item)));
      save([...pendingRef.current.filter((m) => keyOf(m) !== keyOf(item)), item]);
      void flush();
    },
    [keyOf, save, flush],
  );

  return { pending, add, state, refused };
}
