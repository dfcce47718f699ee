import { AppError } from '../lib/app-error';
import { pgErrorCode } from './errors';

/** Lock timeout, deadlock, serialization failure, statement timeout: nothing was written, the caller may try again. */
const BUSY_CODES = new Set(['55P03', '40P01', '40001', '57014']);

export const isBusy = (error: unknown): boolean => !(error instanceof AppError) && BUSY_CODES.has(pgErrorCode(error) ?? '');

/** Runs database work; contention becomes a 503 BUSY (never a hang, never a 500). */
export async function busyAsAppError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBusy(error)) throw new AppError('BUSY', 'The booking system is busy, try again');
    throw error;
  }
}

