import { describe, expect, it, vi } from 'vitest';
import { fromHex, toHex, utf8 } from './bytes';
import {
  decodeEnvelope,
  ENC_BYTES,
  encodeEnvelope,
  openWithPrivateKey,
  responseKeyInfo,
  roomKeyInfo,
  sealToPublicKey,
  TAG_BYTES,
} from './hpke';
import {
  expectCryptoError,
  KEY_A,
  KEY_B,
  KEY_P384,
  REQUEST_ID,
  ROOM_ID,
  ROOM_KEY_HEX,
  USER_ID,
} from './known-answers.fixture';

// Envelopes sealed to KEY_A by Python `cryptography` (known-answers.py). HPKE is randomised, so
// the known answer is "this stored envelope opens to this plaintext".
const ROOM_KEY_ENVELOPE =
  'hpke1.BJWevIPVGjWq2MlOQRy0Bq/2NipQc6b5mDxYYfE4Hqxh+fKlg0loGGQX6T1dW24Q2LE6/wwbmiMAouEo9qqy1IyYH4ew9upum6eom3Rgi5UpYmrrqdGQHxnyAnyIFqC0csTYGcN5RhZFTZp051WPBIY=';
const RESPONSE_KEY_ENVELOPE =
  'hpke1.BBsijybD7ivwwYXskokFtoKyd5SDyXn3IJ/BF20WpHfMEiw0dezQvq6SEGB1AnG/gKFR+a83kL3IxTBfGDh6KXeG9B6pUjRNCEE1s6Y2NqKF5q16cOhigwBuIxAkbYIrKoTNCOlU7Fi6k4wm7/Ppjb8=';
const RESPONSE_KEY_HEX = '6b8ca954dc5394a9f80cdf1aeafbf92c7ea3d86d03aadb8d4f1ef4ef67201b21';
const UTF8_EMOJI_ENVELOPE =
  'hpke1.BHJukOC+xrmPIGf/V6Fh58uBaJJq0z/jajBSU/nzgIIp1mXiplVDrHEfYNj7IdjWA4bP4z6Gzuad/Ymza0nusnD587owlyeUTTGhI4kKSz1L1b9O7pfyPmU257NiK5Hm8LaR97WBa7CJ';

const roomInfo = roomKeyInfo(ROOM_ID, USER_ID, 1);
const responseInfo = responseKeyInfo(REQUEST_ID);

// Flips one bit of one byte of the decoded envelope and re-encodes it.
function tamper(envelope: string, index: number): string {
  const { enc, ciphertext } = decodeEnvelope(envelope);
  const body = new Uint8Array([...enc, ...ciphertext]);
  body[index] ^= 0x01;
  return encodeEnvelope({ enc: body.slice(0, ENC_BYTES), ciphertext: body.slice(ENC_BYTES) });
}

describe('HPKE info strings', () => {
  it('binds purpose and place', () => {
    expect(roomKeyInfo('room-1', 'user-2', 3)).toBe('room-key|room-1|user-2|v3');
    expect(responseKeyInfo('req-9')).toBe('response-key|req-9');
  });

  it.each([
    () => roomKeyInfo('room|1', 'user', 1),
    () => roomKeyInfo('room', '', 1),
    () => roomKeyInfo('room', 'user', 0),
    () => roomKeyInfo('room', 'user', 1.5),
    () => responseKeyInfo('a|b'),
  ])('rejects ambiguous or invalid parts (%#)', async (build) => {
    await expectCryptoError(build, 'INVALID_ARGUMENT');
  });
});

describe('opening stored envelopes (known answers)', () => {
  it('opens a room key sealed by another HPKE implementation', async () => {
    expect(toHex(await openWithPrivateKey(KEY_A.privatePem, ROOM_KEY_ENVELOPE, roomInfo))).toBe(ROOM_KEY_HEX);
  });

  it('opens a response key', async () => {
    const opened = await openWithPrivateKey(KEY_A.privatePem, RESPONSE_KEY_ENVELOPE, responseInfo);
    expect(toHex(opened)).toBe(RESPONSE_KEY_HEX);
  });

  it('imports the private key once for envelopes opened one after another with it', async () => {
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    try {
      // another key first: the key the envelopes need is not the last one imported
      await expectCryptoError(openWithPrivateKey(KEY_B.privatePem, ROOM_KEY_ENVELOPE, roomInfo), 'HPKE_OPEN_FAILED');
      imports.mockClear();
      for (let i = 0; i < 3; i++) {
        expect(toHex(await openWithPrivateKey(KEY_A.privatePem, RESPONSE_KEY_ENVELOPE, responseInfo))).toBe(
          RESPONSE_KEY_HEX,
        );
      }
      const pkcs8 = imports.mock.calls.filter(([format]) => format === 'pkcs8');
      expect(pkcs8).toHaveLength(1);
    } finally {
      imports.mockRestore();
    }
  });

  it('opens UTF-8 and emoji plaintext byte for byte', async () => {
    const opened = await openWithPrivateKey(KEY_A.privatePem, UTF8_EMOJI_ENVELOPE, responseInfo);
    expect(toHex(opened)).toBe('5a6fc3ab20c3856e67737472c3b66d20f09fa68af09f9490');
    expect(new TextDecoder().decode(opened)).toBe('Zoë Ångström 🦊🔐');
  });
});

describe('sealing', () => {
  it('writes hpke1. + base64(enc || ciphertext) and opens again', async () => {
    const plaintext = utf8('Zoë Ångström 🦊');
    const envelope = await sealToPublicKey(KEY_B.publicPem, plaintext, responseInfo);
    const { enc, ciphertext } = decodeEnvelope(envelope);

    expect(envelope.startsWith('hpke1.')).toBe(true);
    expect(enc.length).toBe(65);
    expect(enc[0]).toBe(0x04); // uncompressed P-256 point
    expect(ciphertext.length).toBe(plaintext.length + TAG_BYTES);
    expect(await openWithPrivateKey(KEY_B.privatePem, envelope, responseInfo)).toEqual(plaintext);
  });

  it('is randomised: the same input never gives the same envelope', async () => {
    const key = fromHex(ROOM_KEY_HEX);
    const [one, two] = await Promise.all([
      sealToPublicKey(KEY_A.publicPem, key, roomInfo),
      sealToPublicKey(KEY_A.publicPem, key, roomInfo),
    ]);
    expect(one).not.toBe(two);
  });

  it('rejects a public key that is not P-256', async () => {
    await expectCryptoError(sealToPublicKey(KEY_P384.publicPem, new Uint8Array(32), roomInfo), 'NOT_P256_KEY');
    await expectCryptoError(sealToPublicKey('nope', new Uint8Array(32), roomInfo), 'BAD_PEM');
  });
});

describe('opening fails precisely', () => {
  it.each([
    ['another room', roomKeyInfo('other-room', USER_ID, 1)],
    ['another user', roomKeyInfo(ROOM_ID, 'other-user', 1)],
    ['another key version', roomKeyInfo(ROOM_ID, USER_ID, 2)],
    ['another purpose', responseKeyInfo(REQUEST_ID)],
  ])('with the info of %s: HPKE_OPEN_FAILED', async (_case, info) => {
    await expectCryptoError(openWithPrivateKey(KEY_A.privatePem, ROOM_KEY_ENVELOPE, info), 'HPKE_OPEN_FAILED');
  });

  it('with the wrong private key: HPKE_OPEN_FAILED', async () => {
    await expectCryptoError(openWithPrivateKey(KEY_B.privatePem, ROOM_KEY_ENVELOPE, roomInfo), 'HPKE_OPEN_FAILED');
  });

  // Body layout: enc 0..64 | ciphertext 65..96 | tag 97..112.
  it.each([
    ['enc point-format byte', 0],
    ['enc x coordinate', 20],
    ['enc y coordinate', 64],
    ['ciphertext first byte', 65],
    ['ciphertext last byte', 96],
    ['tag first byte', 97],
    ['tag last byte', 112],
  ])('after a one-byte change in the %s: HPKE_OPEN_FAILED', async (_case, index) => {
    await expectCryptoError(
      openWithPrivateKey(KEY_A.privatePem, tamper(ROOM_KEY_ENVELOPE, index), roomInfo),
      'HPKE_OPEN_FAILED',
    );
  });

  it('after a one-byte change anywhere in the envelope: HPKE_OPEN_FAILED', async () => {
    const bodyLength = ENC_BYTES + 32 + TAG_BYTES;
    for (let index = 0; index < bodyLength; index++) {
      await expectCryptoError(
        openWithPrivateKey(KEY_A.privatePem, tamper(ROOM_KEY_ENVELOPE, index), roomInfo),
        'HPKE_OPEN_FAILED',
      );
    }
  });

  it.each([
    ['no prefix', ROOM_KEY_ENVELOPE.slice('hpke1.'.length)],
    ['an unknown version', ROOM_KEY_ENVELOPE.replace('hpke1.', 'hpke2.')],
    ['a body that is not base64', `${ROOM_KEY_ENVELOPE.slice(0, -4)}*!*=`],
    ['a body shorter than enc + tag', `hpke1.${btoa('x'.repeat(ENC_BYTES + TAG_BYTES - 1))}`],
    ['an empty body', 'hpke1.'],
  ])('with %s: BAD_ENVELOPE', async (_case, envelope) => {
    await expectCryptoError(openWithPrivateKey(KEY_A.privatePem, envelope, roomInfo), 'BAD_ENVELOPE');
  });

  it('with an unusable private key file: BAD_PEM / NOT_P256_KEY', async () => {
    await expectCryptoError(openWithPrivateKey(KEY_A.publicPem, ROOM_KEY_ENVELOPE, roomInfo), 'BAD_PEM');
    await expectCryptoError(openWithPrivateKey(KEY_P384.privatePem, ROOM_KEY_ENVELOPE, roomInfo), 'NOT_P256_KEY');
  });
});
