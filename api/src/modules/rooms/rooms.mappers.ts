import type { RoomKey } from './room.entity';
import { WAITING_MARKER, type MemberView, type RoomView } from './rooms.service';

// Entity -> API shapes, shared by GraphQL and REST (legacy names are added by the REST routes).
export const toRoom = (v: RoomView) => ({
  id: v.room.id,
  name: v.room.name,
  createdAt: v.room.createdAt,
  type: v.member.role === 'owner' ? 'Owner' : 'guest',
  role: v.member.role,
  ownerId: v.room.owner.id,
  keyVersion: v.room.keyVersion,
  userCount: v.userCount,
  myPublicKeyId: v.member.publicKeyId ?? null,
  view: v,
});

export const toMember = (m: MemberView) => ({
  userId: m.member.user.id,
  username: m.member.user.username,
  nickname: m.member.user.nickname,
  role: m.member.role,
  publicKeyId: m.member.publicKeyId ?? null,
  status: m.status,
  autoSeal: m.autoSeal,
  approvedAt: m.member.approvedAt ?? null,
  createdAt: m.member.createdAt,
});

export const toRoomKey = (k: RoomKey) => ({
  userId: k.user.id,
  publicKeyId: k.publicKeyId,
  keyVersion: k.keyVersion,
  aesKey: k.sealedKey ?? WAITING_MARKER,
  waiting: !k.sealedKey,
  updatedAt: k.updatedAt,
});

export const legacyRoomKey = (k: RoomKey) => ({
  user_id: k.user.id,
  public_key_id: k.publicKeyId,
  aes_key: k.sealedKey ?? WAITING_MARKER,
  key_version: k.keyVersion,
});
