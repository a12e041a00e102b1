import { compactVerify, createLocalJWKSet, type JSONWebKeySet, type JWK } from 'jose';
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { RECEIPT_ALG, RECEIPT_TYPE, type ReceiptClaims } from '../../../../shared/consent-receipt';

/**
 * The development signing key, used when CONSENT_SIGNING_KEY is unset. It is public (it is in the
 * code and in docs/consent-receipts.md, which signs its known-answer vector with it), so receipts
 * signed with it prove nothing outside development and tests.
 */
export const DEV_CONSENT_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFgS6yIXnJWpE4fHq
sJ4MEdO60WEpAuBkhMAuQk9xgy6hRANCAARWkt5/4+wPbhCxg58tmxXVrWHC6f4F
INTLkjh+0iK/dxNG8vhk6iiX8XIWdKET6kQZQr8HGvxRr9Ac9uJrJfoU
-----END PRIVATE KEY-----
`;

/**
 * Signs receipts (ES256, a compact JWS whose payload is the claims) and publishes the public half
 * as a JSON Web Key Set. The key id is the key's RFC 7638 thumbprint, so a verifier can tell which
 * published key signed a receipt after a rotation.
 */
export class ReceiptSigner {
  readonly publicJwk: JWK & { kid: string };
  private readonly privateKey: KeyObject;

  constructor(pem: string) {
    this.privateKey = createPrivateKey(pem);
    const jwk = createPublicKey(this.privateKey).export({ format: 'jwk' }) as JWK;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('CONSENT_SIGNING_KEY must be a P-256 (EC) key');
    // RFC 7638: SHA-256 over the required members in lexicographic order, base64url
    const kid = createHash('sha256')
      .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
      .digest('base64url');
    this.publicJwk = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, alg: RECEIPT_ALG, use: 'sig' };
  }

  jwks(): JSONWebKeySet {
    return { keys: [this.publicJwk] };
  }

  /**
   * The compact JWS (RFC 7515) written out here: every accepted answer signs one inside its
   * transaction, and node's synchronous sign with the key object made once costs a fraction of a
   * JWT library's asynchronous path (which imports the key again on every call). Synchronous on
   * purpose: on the thread pool, the open transaction would also wait for a pool thread and for the
   * event loop's return. The payload's members are in the order SignJWT wrote them (the claims,
   * then iss, sub, jti, iat).
   */
  sign(claims: ReceiptClaims): Promise<string> {
    const { iss, sub, jti, iat, ...rest } = claims;
    const header = b64url(JSON.stringify({ alg: RECEIPT_ALG, typ: RECEIPT_TYPE, kid: this.publicJwk.kid }));
    const payload = b64url(JSON.stringify({ ...rest, iss, sub, jti, iat }));
    const input = `${header}.${payload}`;
    // ES256: SHA-256 and the signature as r || s (IEEE P1363), as JWS wants it
    const signature = sign('sha256', Buffer.from(input), { key: this.privateKey, dsaEncoding: 'ieee-p1363' });
    return Promise.resolve(`${input}.${signature.toString('base64url')}`);
  }
}

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export type Verified = { valid: true; claims: ReceiptClaims; kid: string } | { valid: false; reason: string };

/**
 * Checks a receipt against a key set: the signature over header and payload, the algorithm and the
 * type. Any change to a byte of the token fails here.
 */
export async function verifyReceipt(token: string, jwks: JSONWebKeySet): Promise<Verified> {
  try {
    const { payload, protectedHeader } = await compactVerify(token.trim(), createLocalJWKSet(jwks), {
      algorithms: [RECEIPT_ALG],
    });
    if (protectedHeader.typ !== RECEIPT_TYPE) return { valid: false, reason: 'not a consent receipt (typ)' };
    const claims = JSON.parse(new TextDecoder().decode(payload)) as ReceiptClaims;
    return { valid: true, claims, kid: protectedHeader.kid ?? '' };
  } catch (e) {
    return { valid: false, reason: e instanceof Error ? e.message : 'does not verify' };
  }
}
