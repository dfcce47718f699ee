import * as oidc from 'openid-client';

/** Fresh state, nonce and PKCE (S256) for one login attempt; the caller stores them (auth_states). */
export async function newLoginAttempt(): Promise<{ state: string; nonce: string; codeVerifier: string; codeChallenge: string }> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  };
}
