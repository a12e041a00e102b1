// Room keys (CRYPTO.md s.3): 32 random bytes, sealed with HPKE to each member's public key under
// an info that names the room, the member and the key version.
import { randomBytes, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { openWithPrivateKey, roomKeyInfo, sealToPublicKey } from './hpke';

export const ROOM_KEY_BYTES = 32;

// Where a sealed room key belongs; every field goes into the HPKE info.
export type RoomKeySlot = { roomId: string; userId: string; keyVersion: number };

export function generateRoomKey(): Bytes {
  return randomBytes(ROOM_KEY_BYTES);
}

export async function sealRoomKey(publicKeyPem: string, roomKey: Uint8Array, slot: RoomKeySlot): Promise<string> {
  assertRoomKey(roomKey);
  return sealToPublicKey(publicKeyPem, roomKey, roomKeyInfo(slot.roomId, slot.userId, slot.keyVersion));
}

export async function openRoomKey(privateKeyPem: string, envelope: string, slot: RoomKeySlot): Promise<Bytes> {
  const roomKey = await openWithPrivateKey(
    privateKeyPem,
    envelope,
    roomKeyInfo(slot.roomId, slot.userId, slot.keyVersion),
  );
  assertRoomKey(roomKey);
  return roomKey;
}

// Also run after opening: a sealed blob of another length is some other secret, not a room key.
export function assertRoomKey(roomKey: Uint8Array): void {
  if (roomKey.length !== ROOM_KEY_BYTES) {
    throw new CryptoError('BAD_ROOM_KEY', `a room key is ${ROOM_KEY_BYTES} bytes, got ${roomKey.length}`);
  }
}
