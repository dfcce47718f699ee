import { useEffect } from 'react';

/** Spec §8 'silent failures': a failed places fetch is logged to the console and shows nothing more. */
export function useLogError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
