import { createHash, randomBytes } from 'node:crypto';

/**
 * Links that carry a secret (open-issues decisions): a random secret of 256 bits, of which only the SHA-256 is stored.
 * The secret travels after '#' in the e-mailed link, so browsers never send it to a server.
 */
export const newLinkSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
/** `${PUBLIC_URL}${path}#${secret}`: the page at `path` reads the secret and asks for one tap. */
export const secretLink = (publicUrl: string, path: string, secret: string): string => `${publicUrl.replace(/\/+$/, '')}${path}#${secret}`;
