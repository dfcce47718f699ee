/** A fresh key per opened dialog: every click inside it (a double click too) is the same request to Vipps. */
export const newIdempotencyKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
