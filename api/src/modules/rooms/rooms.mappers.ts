import type { Dataset, Report } from './dataset.entity';
import type { RoomKey, RoomMember } from './room.entity';
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

export const toMemberRow = (m: RoomMember) => ({
  userId: m.user.id,
  role: m.role,
  publicKeyId: m.publicKeyId ?? null,
});

export const toDataset = (d: Dataset) => ({
  id: d.id,
  roomId: d.room.id,
  name: d.name,
  filtered: d.columns
    .filter((c) => c.role === 'clear')
    .map((c) => c.name)
    .join(','),
  columns: d.columns.map((c) => ({
    name: c.name,
    role: c.role,
    domain: c.domain,
    kind: c.kind,
    padBucket: c.padBucket,
  })),
  rowCount: d.rowCount,
  keyVersion: d.keyVersion,
  normalisationVersion: d.normalisationVersion,
  emptyCells: d.emptyCells,
  status: d.status,
  uploadedBy: d.uploadedBy.id,
  createdAt: d.createdAt,
});

export const toReport = (r: Omit<Report, 'result'> & { result?: unknown }, withResult = true) => ({
  id: r.id,
  roomId: r.room.id,
  datasetIds: r.datasetIds,
  datasetCount: r.datasetCount,
  rowCount: r.rowCount,
  condition: r.condition ?? null,
  result: withResult ? (r.result ?? null) : null,
  chargeReference: r.chargeReference,
  createdAt: r.createdAt,
});
