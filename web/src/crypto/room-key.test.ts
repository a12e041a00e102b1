import { describe, expect, it } from 'vitest';
import { toHex } from './bytes';
import { roomKeyInfo, sealToPublicKey } from './hpke';
import { expectCryptoError, KEY_A, KEY_B, ROOM_ID, ROOM_KEY_HEX, USER_ID } from './known-answers.fixture';
import { generateRoomKey, openRoomKey, ROOM_KEY_BYTES, sealRoomKey } from './room-key';

// Room key 00..1f sealed to KEY_A for (ROOM_ID, USER_ID, v1) by known-answers.py.
const STORED_ENVELOPE =
  'hpke1.BJWevIPVGjWq2MlOQRy0Bq/2NipQc6b5mDxYYfE4Hqxh+fKlg0loGGQX6T1dW24Q2LE6/wwbmiMAouEo9qqy1IyYH4ew9upum6eom3Rgi5UpYmrrqdGQHxnyAnyIFqC0csTYGcN5RhZFTZp051WPBIY=';
const slot = { roomId: ROOM_ID, userId: USER_ID, keyVersion: 1 };

describe('room keys', () => {
  it('are 32 fresh random bytes', () => {
    const one = generateRoomKey();
    const two = generateRoomKey();
    expect(ROOM_KEY_BYTES).toBe(32);
    expect(one.length).toBe(32);
    expect(toHex(one)).not.toBe(toHex(two));
  });

  it('opens a stored sealed room key (known answer)', async () => {
    expect(toHex(await openRoomKey(KEY_A.privatePem, STORED_ENVELOPE, slot))).toBe(ROOM_KEY_HEX);
  });

  it('is re-sealed by the owner to a guest, who alone can open it', async () => {
    // The owner opens their copy, then seals it to the guest's public key (CRYPTO.md s.3).
    const roomKey = await openRoomKey(KEY_A.privatePem, STORED_ENVELOPE, slot);
    const guestSlot = { roomId: ROOM_ID, userId: 'guest-1', keyVersion: 1 };
    const forGuest = await sealRoomKey(KEY_B.publicPem, roomKey, guestSlot);

    expect(toHex(await openRoomKey(KEY_B.privatePem, forGuest, guestSlot))).toBe(ROOM_KEY_HEX);
    await expectCryptoError(openRoomKey(KEY_A.privatePem, forGuest, guestSlot), 'HPKE_OPEN_FAILED');
    // A guest's envelope copied into the owner's slot does not open either.
    await expectCryptoError(openRoomKey(KEY_B.privatePem, forGuest, slot), 'HPKE_OPEN_FAILED');
  });

  it('keeps versions apart after a rotation', async () => {
    await expectCryptoError(
      openRoomKey(KEY_A.privatePem, STORED_ENVELOPE, { ...slot, keyVersion: 2 }),
      'HPKE_OPEN_FAILED',
    );
  });

  it('refuses to seal, or to accept when opened, anything but 32 bytes', async () => {
    await expectCryptoError(sealRoomKey(KEY_A.publicPem, new Uint8Array(31), slot), 'BAD_ROOM_KEY');
    const notARoomKey = await sealToPublicKey(KEY_A.publicPem, new Uint8Array(31), roomKeyInfo(ROOM_ID, USER_ID, 1));
    await expectCryptoError(openRoomKey(KEY_A.privatePem, notARoomKey, slot), 'BAD_ROOM_KEY');
  });
});
