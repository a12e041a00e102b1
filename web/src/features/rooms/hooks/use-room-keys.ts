import { useEffect, useState } from 'react';
import { loadPrivateKey } from '../../../crypto/key-storage';
import { isKeyId } from '../../../crypto/keys';
import { openRoomKey } from '../../../crypto/room-key';
import { type RoomView } from '../room-state';

export type RoomKeys =
  | { status: 'idle' }
  | { status: 'opening' }
  // version -> room key, for every version sealed to me
  | { status: 'open'; keys: Map<number, Uint8Array>; current: Uint8Array }
  | { status: 'failed'; message: string };

export function hasPrivateKey(keyId: string): boolean {
  try {
    return isKeyId(keyId) && loadPrivateKey(keyId) !== null;
  } catch {
    return false;
  }
}

// Opens every room key version sealed to me with the private keys in this browser. The keys stay
// in memory for this page only.
export function useRoomKeys(room: RoomView | null, me: string | null, enabled: boolean): RoomKeys {
  // the result of opening, with the records it was opened from
  const [state, setState] = useState<{ signature: string; keys: RoomKeys } | null>(null);
  // the sealed records that matter; a refetch returning the same ones opens nothing again
  const records = room && me ? room.aesKeys.filter((key) => key.userId === me && !key.waiting) : [];
  const signature = records.map((r) => `${r.keyVersion}:${r.publicKeyId}:${r.aesKey.slice(-16)}`).join('|');
  const roomId = room?.id ?? null;
  const currentVersion = room?.keyVersion ?? 0;

  useEffect(() => {
    if (!enabled || !roomId || !me) return;
    let cancelled = false;
    const open = async () => {
      const keys = new Map<number, Uint8Array>();
      for (const record of records) {
        const pem = isKeyId(record.publicKeyId) ? loadPrivateKey(record.publicKeyId) : null;
        if (!pem) continue;
        keys.set(
          record.keyVersion,
          await openRoomKey(pem, record.aesKey, { roomId, userId: me, keyVersion: record.keyVersion }),
        );
      }
      const current = keys.get(currentVersion);
      if (!current) throw new Error(`the room key version ${currentVersion} is not sealed to a key in this browser`);
      return { keys, current };
    };
    open().then(
      ({ keys, current }) => !cancelled && setState({ signature, keys: { status: 'open', keys, current } }),
      (error: unknown) =>
        !cancelled &&
        setState({
          signature,
          keys: {
            status: 'failed',
            message: `The room key did not open with your private key (${error instanceof Error ? error.message : String(error)}).`,
          },
        }),
    );
    return () => {
      cancelled = true;
    };
    // records are summarised by their signature
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, roomId, me, currentVersion, signature]);

  if (!enabled) return { status: 'idle' };
  return state && state.signature === signature ? state.keys : { status: 'opening' };
}
