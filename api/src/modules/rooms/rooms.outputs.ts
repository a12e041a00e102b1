// What the rooms REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, nullableDate, uuid, wholeNumber } from '../../rest/wire';

export const legacyRoomOut = z.strictObject({
  id: uuid,
  room_id: uuid.describe('the same id, as the legacy app names it'),
  name: z.string(),
  owner_id: uuid,
  createdAt: isoDate,
  type: z.enum(['Owner', 'guest']).describe('your place in the room'),
  key_version: wholeNumber.describe('the current room key version'),
  userCount: count,
  public_key_id: z.string().nullable().describe('the key you entered the room with (null: not chosen yet)'),
});

export const legacyRoomKeyOut = z.strictObject({
  user_id: uuid,
  public_key_id: z.string(),
  aes_key: z.string().describe('the room key sealed to public_key_id (hpke1.<base64>), or "waitingforsessionkey"'),
  key_version: wholeNumber,
});

export const memberOut = z.strictObject({
  userId: uuid,
  username: z.string(),
  nickname: z.string(),
  role: z.enum(['owner', 'guest']),
  publicKeyId: z.string().nullable(),
  status: z.enum(['invited', 'waiting', 'active']),
  autoSeal: z.boolean().describe('the owner’s browser seals the room key to this member without asking'),
  approvedAt: nullableDate,
  createdAt: isoDate,
});

export const memberPublicKeyOut = z.strictObject({ user_id: uuid, public_key_id: z.string(), key: z.string() });
export const invitedOut = z.array(z.strictObject({ email: z.string(), status: z.literal('invited') }));
export const rotatedOut = z.strictObject({ room_id: uuid, key_version: wholeNumber });
export const userTypeOut = z.strictObject({ type: z.enum(['Owner', 'guest']) });
export const ownerIdOut = z.strictObject({ owner_id: uuid });
export const membersOut = z.strictObject({ count, members: z.array(memberOut) });
export const sentOut = z.strictObject({ sent: z.array(z.string()).describe('the addresses invited') });
export const invitationsOut = z.array(
  z.strictObject({
    invitation_id: uuid,
    room_id: uuid,
    room_name: z.string(),
    invited_by: z.string(),
    created_at: isoDate,
  }),
);
