import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { generateRoomKey, sealRoomKey } from '../../../crypto/room-key';
import { RoomPublicKeyDocument, RotateRoomKeyDocument, SealRoomKeyDocument } from '../room.generated';
import { type RoomView } from '../room-state';

// The owner's side of the key exchange (CRYPTO.md s.3). Sealing happens here, in the browser:
// only HPKE envelopes reach the server.
export function useKeyExchange(room: RoomView | null) {
  const client = useApolloClient();
  const [sealMutation] = useMutation(SealRoomKeyDocument);
  const [rotateMutation] = useMutation(RotateRoomKeyDocument);

  const publicKeyOf = useCallback(
    async (roomId: string, userId: string) => {
      const { data } = await client.query({
        query: RoomPublicKeyDocument,
        variables: { roomId, userId },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('The member’s public key could not be read.');
      return data.roomPublicKey;
    },
    [client],
  );

  // Seals every room key version I hold to a member's chosen key (approval, or the automatic
  // first guest), so they can open the sets of older versions too.
  const sealFor = useCallback(
    async (userId: string, roomKeys: ReadonlyMap<number, Uint8Array>) => {
      if (!room) return;
      const target = await publicKeyOf(room.id, userId);
      for (const [keyVersion, roomKey] of [...roomKeys].sort(([a], [b]) => a - b)) {
        const envelope = await sealRoomKey(target.publicKey, roomKey, { roomId: room.id, userId, keyVersion });
        await sealMutation({
          variables: {
            input: {
              roomId: room.id,
              userId,
              publicKeyId: target.publicKeyId,
              encryptedSessionKey: envelope,
              keyVersion,
            },
          },
        });
      }
    },
    [room, publicKeyOf, sealMutation],
  );

  // A new room key version, sealed to every member holding the current one.
  const rotate = useCallback(async () => {
    if (!room) return;
    const holders = room.aesKeys.filter((key) => key.keyVersion === room.keyVersion && !key.waiting);
    const next = generateRoomKey();
    const keys = await Promise.all(
      holders.map(async (holder) => {
        const target = await publicKeyOf(room.id, holder.userId);
        return {
          userId: holder.userId,
          publicKeyId: target.publicKeyId,
          encryptedSessionKey: await sealRoomKey(target.publicKey, next, {
            roomId: room.id,
            userId: holder.userId,
            keyVersion: room.keyVersion + 1,
          }),
        };
      }),
    );
    next.fill(0);
    await rotateMutation({ variables: { input: { roomId: room.id, keys } } });
  }, [room, publicKeyOf, rotateMutation]);

  return { sealFor, rotate };
}
