import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decryptResponseData, encryptResponseData, openCollectionResponse } from './collection-response';
import { fromUtf8 } from './bytes';
import { openWithPrivateKey, responseKeyInfo, sealToPublicKey } from './hpke';

// The published vectors of docs/phone-response-encryption.md, computed from RFC 9180 by an
// independent Python script (docs/vectors/phone-response-vectors.py). A phone team checks its own
// code against the same file; here the web app's code must produce and open the same bytes.
type Vector = {
  requestId: string;
  responseJson: string;
  dataKeyHex: string;
  ivHex: string;
  aad: string;
  encryptedData: string;
  hpkeInfo: string;
  ephemeralIkmHex: string;
  encHex: string;
  sealedKey: string;
};
const file = JSON.parse(readFileSync('docs/vectors/phone-response.json', 'utf8')) as {
  recipient: { publicKeyPem: string; privateKeyPem: string };
  vectors: Vector[];
};
const hex = (h: string) => new Uint8Array(h.match(/../g)!.map((b) => parseInt(b, 16)));
const toHex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

describe.each(file.vectors.map((v, i) => [i, v] as const))('phone response vector %i', (_, v) => {
  it('names the AAD and HPKE info the spec gives', () => {
    expect(v.aad).toBe(`response-data|${v.requestId}`);
    expect(v.hpkeInfo).toBe(responseKeyInfo(v.requestId));
  });

  it('encrypts the response JSON to the published encryptedData, byte for byte', async () => {
    const data = JSON.parse(v.responseJson) as object;
    expect(JSON.stringify(data)).toBe(v.responseJson);
    expect(await encryptResponseData(hex(v.dataKeyHex), v.requestId, data, hex(v.ivHex))).toBe(v.encryptedData);
  });

  it('seals the data key to the published sealedKey, given the same ephemeral key material', async () => {
    const sealed = await sealToPublicKey(
      file.recipient.publicKeyPem,
      hex(v.dataKeyHex),
      responseKeyInfo(v.requestId),
      hex(v.ephemeralIkmHex),
    );
    expect(sealed).toBe(v.sealedKey);
    expect(toHex(Uint8Array.from(atob(sealed.slice('hpke1.'.length)), (c) => c.charCodeAt(0)).slice(0, 65))).toBe(
      v.encHex,
    );
  });

  it('opens the published response with the recipient private key', async () => {
    const key = await openWithPrivateKey(file.recipient.privateKeyPem, v.sealedKey, responseKeyInfo(v.requestId));
    expect(toHex(key)).toBe(v.dataKeyHex);
    expect(await decryptResponseData(key, v.requestId, v.encryptedData)).toEqual(JSON.parse(v.responseJson));
    const opened = await openCollectionResponse(file.recipient.privateKeyPem, v.requestId, v);
    expect(fromUtf8(new TextEncoder().encode(JSON.stringify(opened)))).toBe(v.responseJson);
  });
});
