import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Same `kid`, different key: an ID token signed with it must fail signature verification, not key lookup. */
  foreignPrivateKey: CryptoKey;
}

/** Fresh RS256 keys per start; Vipps' kids look like `public:<uuid>`. */
export async function createSigningKeys(): Promise<SigningKeys> {
  const kid = `public:${randomUUID()}`;
  const [own, foreign] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  const publicJwk = { ...(await exportJWK(own.publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey: own.privateKey, publicJwk, foreignPrivateKey: foreign.privateKey };
}
