import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, toBase64 } from './bytes';
import {
  decryptResponseData,
  encryptResponseData,
  openCollectionResponse,
  RESPONSE_IV_BYTES,
  sealCollectionResponse,
  type CollectionData,
  type SealedResponse,
} from './collection-response';
import { decodeEnvelope, encodeEnvelope, ENC_BYTES } from './hpke';
import { expectCryptoError, KEY_A, KEY_B, REQUEST_ID } from './known-answers.fixture';

// 1. Produced by the participant simulator's code path (scripts/simulate, before it moved here),
//    sealed to KEY_A for REQUEST_ID: what a phone really sends. HPKE and the IV are random, so the
//    known answer is "this stored response opens to this data".
const SIMULATOR_RESPONSE: SealedResponse = {
  encryptedData:
    'aesgcm1.YfzNZu2aS4RfqQqCG5oJBSiwJ3jXQxVddaLikVVNDTonyN1SjRGx7aub8mrv5Q3Vrx9PD9nfDzkCJQC4c+esQZtWaAI/076SZqIIx4WyfyDZks3pnc82CRt1Xeyd9LRRIA1LByQtG0fwBJ9g6qoPxRF8UNKu4etfVN6DYQbHQhg0/KzTStSxtlFCa8NzxyiZxXjJp4Oq/eYiOfBadZKDb9Hyk7+P8aPqiWy1ScHTxkT63LUmv9MOHCnckjp3vrL2jhtXBpuRXTY0714ibISmMBlzhzvx9jFmyyJcf1vdnVhMBenpQe9aCRcSfop5Fp5eGtGSlhni2EzGjyMaMP8JRu4ZMSDk4IOa12XKew6600RYs82hWx8yHTOpZR/46VnfzaT+sDhAiFs/xgoILEJgPCBWU0YghUbDBjuMj97YFu9I+/eGNUudA7ZGSNSFahw9AuoOwUZi+phR2wLmm9E=',
  sealedKey:
    'hpke1.BISwbmaKy+aGQ03YsZzXiO+9QQmEoR25IMlc8sXocDTE2GMbTwiciBW6jZ5aUL/fdZXovMOhsXl0RYiP7MIMzohFWZp9c7DDfD2m3DRh/lLMHgOSH2D3dIxCEWBE9U1EHKKy7W7oyV2wjSnTxaMuQUw=',
};
const SIMULATOR_DATA: CollectionData = {
  firstName: 'Zoë',
  lastName: 'Ångström',
  age: 34,
  mobile: '+1 555 0142',
  email: 'zoe.angstrom7@example.org',
  gender: 'female',
  location: {
    name: 'Home',
    street: 'Rua de São Miguel 12',
    region: 'Lisboa',
    district: 'Alfama',
    city: 'Lisbon',
    country: 'Portugal',
  },
  image_upload: ['https://images.example.org/p/🦊.jpg'],
};

// 2. Computed by known-answers.py (Python `cryptography`): the response key sealed to KEY_A (also in
//    hpke.test.ts) and the data encrypted under it with the fixed IV 00..0b. Deterministic, so our
//    encryption must reproduce it byte for byte.
const PY_DATA_KEY_HEX = '6b8ca954dc5394a9f80cdf1aeafbf92c7ea3d86d03aadb8d4f1ef4ef67201b21';
const PY_RESPONSE: SealedResponse = {
  sealedKey:
    'hpke1.BBsijybD7ivwwYXskokFtoKyd5SDyXn3IJ/BF20WpHfMEiw0dezQvq6SEGB1AnG/gKFR+a83kL3IxTBfGDh6KXeG9B6pUjRNCEE1s6Y2NqKF5q16cOhigwBuIxAkbYIrKoTNCOlU7Fi6k4wm7/Ppjb8=',
  encryptedData:
    'aesgcm1.AAECAwQFBgcICQoLBsFriJNwMDHMAZRSnIsYIkEH7FeqN79lJsWWBAL/PwXTI3wSqy7HYS0v7zl/TOz+Fj3nqMnPY3YQxWmObNm/IKdy7Y7oQ9kyFBmuYWXT2UL3zForpl9Ak2pw+Smd5laOSCcNFCaoESaBKykWr3kJ1GM3OuECj2krrf0/X7ajtayaNW65dBhNn12PKWKzoQOmvFankq7PHFU7YFrDrnLGIEqQXY7nzpaXWDKRBtL7VFxvLHjPt3K6dLLqrDSBXVOy/PI3MR6kMO71rUNGVUufkGE7Roii48uVuk9NRzMXlzr/L2miyAQimopAc5u4gUBsc0Pn7nblbs9u/Dls8oEk4PuaVtFysjqIai0lgjbH21ZJeO7jXG4IUUfURxnsFMrQYWUMRtu/CqaSW08bw0fcpIw32jBm2g4cnRBJCZ+XDQJ5+MAEt84i9A==',
};
const PY_DATA: CollectionData = { ...SIMULATOR_DATA, email: 'zoe@example.org' };
const FIXED_IV = fromHex('000102030405060708090a0b'); // test only: never reuse an IV in real code

// Flips one bit of byte `index` of the base64 body after `prefix`.
function flip(text: string, prefix: string, index: number): string {
  const body = fromBase64(text.slice(prefix.length))!;
  body[index] ^= 0x01;
  return prefix + toBase64(body);
}

describe('opening collection responses (known answers)', () => {
  it('opens a response sealed by the participant simulator, UTF-8 and emoji intact', async () => {
    expect(await openCollectionResponse(KEY_A.privatePem, REQUEST_ID, SIMULATOR_RESPONSE)).toEqual(SIMULATOR_DATA);
  });

  it('opens a response made by another implementation (Python cryptography)', async () => {
    expect(await openCollectionResponse(KEY_A.privatePem, REQUEST_ID, PY_RESPONSE)).toEqual(PY_DATA);
  });

  it('encrypts the data byte for byte as the reference does, given the same key and IV', async () => {
    expect(await encryptResponseData(fromHex(PY_DATA_KEY_HEX), REQUEST_ID, PY_DATA, FIXED_IV)).toBe(
      PY_RESPONSE.encryptedData,
    );
  });

  it('seals with a fresh data key and IV every time, and opens again', async () => {
    const [one, two] = await Promise.all([
      sealCollectionResponse(REQUEST_ID, KEY_B.publicPem, { firstName: 'Ada' }),
      sealCollectionResponse(REQUEST_ID, KEY_B.publicPem, { firstName: 'Ada' }),
    ]);
    expect(one.encryptedData.slice(0, 24)).not.toBe(two.encryptedData.slice(0, 24));
    expect(one.sealedKey).not.toBe(two.sealedKey);
    expect(await openCollectionResponse(KEY_B.privatePem, REQUEST_ID, one)).toEqual({ firstName: 'Ada' });
  });
});

describe('opening fails precisely', () => {
  it('with the wrong private key: HPKE_OPEN_FAILED', async () => {
    await expectCryptoError(
      openCollectionResponse(KEY_B.privatePem, REQUEST_ID, SIMULATOR_RESPONSE),
      'HPKE_OPEN_FAILED',
    );
  });

  it('for another request (the sealed key is bound to it): HPKE_OPEN_FAILED', async () => {
    await expectCryptoError(
      openCollectionResponse(KEY_A.privatePem, 'another-request', SIMULATOR_RESPONSE),
      'HPKE_OPEN_FAILED',
    );
  });

  it('for another request with the right data key (the data is bound by its AAD): RESPONSE_OPEN_FAILED', async () => {
    await expectCryptoError(
      decryptResponseData(fromHex(PY_DATA_KEY_HEX), 'another-request', PY_RESPONSE.encryptedData),
      'RESPONSE_OPEN_FAILED',
    );
  });

  it('when the data of one response is moved under the key of another: RESPONSE_OPEN_FAILED', async () => {
    const swapped = { sealedKey: PY_RESPONSE.sealedKey, encryptedData: SIMULATOR_RESPONSE.encryptedData };
    await expectCryptoError(openCollectionResponse(KEY_A.privatePem, REQUEST_ID, swapped), 'RESPONSE_OPEN_FAILED');
  });

  it.each([
    ['IV first byte', 0],
    ['IV last byte', RESPONSE_IV_BYTES - 1],
    ['ciphertext first byte', RESPONSE_IV_BYTES],
    ['ciphertext middle', 100],
    ['tag last byte', -1],
  ])('after a one-byte change in the data %s: RESPONSE_OPEN_FAILED', async (_case, index) => {
    const length = fromBase64(PY_RESPONSE.encryptedData.slice('aesgcm1.'.length))!.length;
    const tampered = flip(PY_RESPONSE.encryptedData, 'aesgcm1.', index < 0 ? length + index : index);
    await expectCryptoError(
      openCollectionResponse(KEY_A.privatePem, REQUEST_ID, { ...PY_RESPONSE, encryptedData: tampered }),
      'RESPONSE_OPEN_FAILED',
    );
  });

  it.each([
    ['enc', 10],
    ['sealed ciphertext', ENC_BYTES + 3],
  ])('after a one-byte change in the sealed key %s: HPKE_OPEN_FAILED', async (_case, index) => {
    const { enc, ciphertext } = decodeEnvelope(SIMULATOR_RESPONSE.sealedKey);
    const body = new Uint8Array([...enc, ...ciphertext]);
    body[index] ^= 0x01;
    const sealedKey = encodeEnvelope({ enc: body.slice(0, ENC_BYTES), ciphertext: body.slice(ENC_BYTES) });
    await expectCryptoError(
      openCollectionResponse(KEY_A.privatePem, REQUEST_ID, { ...SIMULATOR_RESPONSE, sealedKey }),
      'HPKE_OPEN_FAILED',
    );
  });

  it.each([
    ['no prefix', PY_RESPONSE.encryptedData.slice('aesgcm1.'.length)],
    ['another version', PY_RESPONSE.encryptedData.replace('aesgcm1.', 'aesgcm2.')],
    ['a body that is not base64', 'aesgcm1.*not base64*'],
    ['a body shorter than IV + tag', `aesgcm1.${btoa('x'.repeat(27))}`],
  ])('with data that has %s: BAD_RESPONSE_DATA', async (_case, encryptedData) => {
    await expectCryptoError(
      openCollectionResponse(KEY_A.privatePem, REQUEST_ID, { ...PY_RESPONSE, encryptedData }),
      'BAD_RESPONSE_DATA',
    );
  });

  it('with authentic data that is not a JSON object: RESPONSE_MALFORMED', async () => {
    const key = fromHex(PY_DATA_KEY_HEX);
    const notObject = await encryptResponseData(key, REQUEST_ID, ['a list'] as unknown as CollectionData);
    await expectCryptoError(decryptResponseData(key, REQUEST_ID, notObject), 'RESPONSE_MALFORMED');
  });
});
