import type { SimPerson } from './persons';
import type { TokenFault } from './paths';

/** An authorize request that passed validation and waits for the person's decision on the page. */
export interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string[];
  state: string;
  nonce: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain';
  expiresAt: number;
}

export interface IssuedCode extends Omit<PendingAuthorization, 'state'> {
  person: SimPerson;
  authTime: number;
  sid: string;
  fault: TokenFault | undefined;
  used: boolean;
  /** Access tokens issued for this code: revoked if the code is replayed (RFC 6749 §4.1.2). */
  accessTokens: string[];
}

export type IssuedAccessToken = Pick<IssuedCode, 'clientId' | 'scope' | 'person' | 'sid' | 'expiresAt'>;

/** A map whose entries vanish after their `expiresAt`; swept on every write, so it stays small. */
export class ExpiringMap<V extends { expiresAt: number }> {
  private readonly entries = new Map<string, V>();
  constructor(
    private readonly now: () => number,
    /** Keep entries this long after expiry (so a late replay still reads as "expired", not "unknown"). */
    private readonly graceMs = 0,
  ) {}

  set(key: string, value: V): void {
    const limit = this.now() - this.graceMs;
    for (const [k, v] of this.entries) if (v.expiresAt < limit) this.entries.delete(k);
    this.entries.set(key, value);
  }
  /** The entry, including an expired one within the grace period: callers check `expiresAt` themselves. */
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}
