import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time string equality; hashing first makes the lengths equal and hides them. */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
