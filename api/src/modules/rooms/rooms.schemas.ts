import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the rooms service, in the domain's words. The legacy REST names (`room_id`,
// `user_id`, ...) are translated in rooms.rest.ts only; GraphQL resolvers parse their arguments
// with these schemas (parseArgs).
export const roomId = z.uuid('must be a room id');
export const userId = z.uuid('must be a user id');
export const publicKeyId = z.string().trim().min(1, 'a public key id is required').max(64);
/** An HPKE envelope (CRYPTO.md s.2): "hpke1." + base64(enc || ciphertext). */
export const sealedKey = z
  .string()
  .max(2000, 'the sealed key is too long')
  .regex(/^hpke\d+\.[A-Za-z0-9+/]+={0,2}$/, 'must be an HPKE envelope (hpke1.<base64>)');
const keyVersion = z.coerce.number().int().min(1).max(1_000_000);

export const EMAIL = z.email('Please fill the appropriate email').max(254);
/** One address, a comma/space separated list, or an array of them (at most 10). */
export const recipients = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(EMAIL.transform((e) => e.toLowerCase()))
    .min(1, 'at least one e-mail address')
    .max(10, 'at most 10 addresses'),
);

export const createRoomFields = {
  name: trimmed(100, 'Room name').describe('room name ("Please fill the name of the room")'),
};
export const createRoomCommand = z.strictObject(createRoomFields);
export type CreateRoomCommand = z.infer<typeof createRoomCommand>;

export const roomRefFields = { roomId };
export const roomRef = z.strictObject(roomRefFields);

export const roomUserFields = { roomId, userId };
export const roomUserRef = z.strictObject(roomUserFields);
export type RoomUserRef = z.infer<typeof roomUserRef>;

export const chooseKeyFields = {
  roomId,
  publicKeyId: publicKeyId.describe('one of your keys: the one you enter the room with'),
  encryptedSessionKey: sealedKey
    .optional()
    .describe('owner only, when setting up the room: the new room key sealed to that public key'),
};
export const chooseKeyCommand = z.strictObject(chooseKeyFields);
export type ChooseKeyCommand = z.infer<typeof chooseKeyCommand>;

export const addUsersFields = {
  roomId,
  recipients,
  ownerId: userId.optional().describe("legacy: the caller's own id (the owner); other values are refused"),
};
export const addUsersCommand = z.strictObject(addUsersFields);
export type AddUsersCommand = z.infer<typeof addUsersCommand>;

export const inviteFields = {
  recipients,
  roomId: roomId.describe('the room to invite to: one you own'),
};
export const inviteCommand = z.strictObject(inviteFields);
export type InviteCommand = z.infer<typeof inviteCommand>;

export const sealForMemberFields = {
  roomId,
  userId,
  publicKeyId,
  encryptedSessionKey: sealedKey,
  keyVersion: keyVersion.optional().describe("the room key version sealed; default the room's current one"),
};
export const sealForMemberCommand = z.strictObject(sealForMemberFields);
export type SealForMemberCommand = z.infer<typeof sealForMemberCommand>;

export const memberKeyFields = { userId, publicKeyId, encryptedSessionKey: sealedKey };
export const memberKey = z.strictObject(memberKeyFields);

export const rotateFields = { roomId, keys: z.array(memberKey).min(1).max(50) };
export const rotateCommand = z.strictObject(rotateFields);
export type RotateCommand = z.infer<typeof rotateCommand>;

export const invitationRefFields = { invitationId: z.uuid('must be an invitation id') };
export const invitationRef = z.strictObject(invitationRefFields);
