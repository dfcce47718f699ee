import { useEffect } from 'react';

/** A failed places fetch is logged to the console for developers; the page says 'Kunne ikke hente kurssteder' (decision 029). */
export function useLogError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
