import { createHash, randomBytes } from 'node:crypto';

/** Secret links: 256 random bits, only the SHA-256 stored; sent after '#' so browsers never pass it to a server. */
export const newLinkSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
/** `${PUBLIC_URL}${path}#${secret}`: the page at `path` reads the secret and asks for one tap. */
export const secretLink = (publicUrl: string, path: string, secret: string): string => `${publicUrl.replace(/\/+$/, '')}${path}#${secret}`;
