import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { generateRoomKey, sealRoomKey } from '../../../crypto/room-key';
import {
  AddRoomUsersDocument,
  ChooseRoomKeyDocument,
  CreateRoomDocument,
  DeleteRoomDocument,
  RoomsDocument,
  SendRoomInviteDocument,
} from '../rooms.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';

export type CreateRoomRequest = {
  name: string;
  email: string;
  ownerId: string;
  key: { id: string; publicKey: string };
};

export type CreateRoomOutcome = { ok: true; roomId: string } | { ok: false; message: string };

// The creation sequence (spec; CRYPTO.md s.3): create the room -> a fresh 32-byte room key made
// here, sealed to the owner's chosen public key, stored as the owner's key record -> invite the
// guest and add them as a room user -> reload the list. The room key itself never leaves this
// function; only its sealed envelope is sent. A failure after the room exists deletes it again,
// so no half-set-up room is left behind.
export function useCreateRoom() {
  const client = useApolloClient();
  const [createRoom] = useMutation(CreateRoomDocument);
  const [chooseRoomKey] = useMutation(ChooseRoomKeyDocument);
  const [sendInvite] = useMutation(SendRoomInviteDocument);
  const [addRoomUsers] = useMutation(AddRoomUsersDocument);
  const [deleteRoom] = useMutation(DeleteRoomDocument);

  return useCallback(
    async ({ name, email, ownerId, key }: CreateRoomRequest): Promise<CreateRoomOutcome> => {
      let roomId: string;
      try {
        const { data } = await createRoom({ variables: { input: { name: name.trim() } } });
        if (!data) throw new Error('The server did not confirm the new room.');
        roomId = data.createRoom.id;
      } catch (error) {
        return { ok: false, message: toApiError(error).message };
      }
      try {
        const roomKey = generateRoomKey();
        const sealed = await sealRoomKey(key.publicKey, roomKey, { roomId, userId: ownerId, keyVersion: 1 });
        roomKey.fill(0);
        await chooseRoomKey({ variables: { input: { roomId, publicKeyId: key.id, encryptedSessionKey: sealed } } });
        const recipients = [email.trim()];
        await sendInvite({ variables: { input: { roomId, recipients } } });
        await addRoomUsers({ variables: { roomId, recipients } });
      } catch (error) {
        await deleteRoom({ variables: { id: roomId } }).catch(() => undefined);
        return { ok: false, message: toApiError(error).message };
      }
      await client.refetchQueries({ include: [RoomsDocument] });
      return { ok: true, roomId };
    },
    [client, createRoom, chooseRoomKey, sendInvite, addRoomUsers, deleteRoom],
  );
}
