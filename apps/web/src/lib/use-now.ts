import { useEffect, useState } from 'react';

/** The current time in ms, updated every `intervalMs` (so "active within 30 minutes" and "past" stay true). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
