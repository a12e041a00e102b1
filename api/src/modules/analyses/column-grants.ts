// Standing column grants (CRYPTO.md s.5b): the keys of columns sealed with a data set's own secret
// that its uploader's browser seals to each member once partners may receive them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../shared/errors';
import { Dataset } from '../datasets/dataset.entity';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import { RoomMember } from '../rooms/room.entity';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import { ColumnGrant } from './access-request.entity';
import type { GrantCommand } from './analyses.schemas';
import { sharedWithPartners } from './analysis-rules';

/** A column key the uploader's browser still has to seal to a member (a column shared with partners). */
export type KeyToSeal = {
  datasetId: string;
  column: string;
  userId: string;
  publicKeyId: string;
  publicKey: string;
};

/** The scope of a grant that holds for every report (an approval's grants are scoped to its request). */
export const STANDING = 'standing';

export type GrantDeps = {
  rooms: RoomsService;
  /** the caller's own data set of the room, or FORBIDDEN saying what only its uploader can do */
  ownSet(em: EntityManager, user: User, roomId: string, datasetId: string, what: string): Promise<Dataset>;
};

/**
 * For the uploader's browser: the keys of columns sealed with the data set's own secret that
 * partners may now receive (shared, or every column under `full`), for every member who has
 * chosen a room key and has no standing grant to it yet.
 */
export async function keysToSeal(deps: GrantDeps, em: EntityManager, user: User, roomId: string): Promise<KeyToSeal[]> {
  const { room } = await deps.rooms.access(em, user, roomId);
  const sets = await em.find(Dataset, { room, uploadedBy: user, status: 'ready' }, { orderBy: { createdAt: 'asc' } });
  const pending = sets.flatMap((set) =>
    set.columns.filter((c) => c.sealing === 'dataset' && sharedWithPartners(set, c)).map((c) => ({ set, column: c })),
  );
  if (!pending.length) return [];
  const members = (await em.find(RoomMember, { room, user: { $ne: user.id } })).filter((m) => m.publicKeyId);
  if (!members.length) return [];
  const grants = await em.find(ColumnGrant, { dataset: { $in: sets.map((s) => s.id) }, scope: STANDING });
  const has = new Set(grants.map((g) => `${g.dataset.id}|${g.column}|${g.grantee.id}|${g.publicKeyId}`));
  const keys = new Map(
    (await em.find(Key, { id: { $in: members.map((m) => m.publicKeyId!) } })).map((k) => [k.id, k.publicKeyPem]),
  );
  return pending.flatMap(({ set, column }) =>
    members
      .filter((m) => keys.has(m.publicKeyId!) && !has.has(`${set.id}|${column.name}|${m.user.id}|${m.publicKeyId}`))
      .map((m) => ({
        datasetId: set.id,
        column: column.name,
        userId: m.user.id,
        publicKeyId: m.publicKeyId!,
        publicKey: keys.get(m.publicKeyId!)!,
      })),
  );
}

/** The uploader's browser hands over column keys sealed to members (standing grants). */
export async function grantKeys(deps: GrantDeps, em: EntityManager, user: User, input: GrantCommand): Promise<number> {
  return em.transactional(async (tx) => {
    const set = await deps.ownSet(tx, user, input.roomId, input.datasetId, 'hand out the keys of its columns');
    const members = await tx.find(RoomMember, { room: set.room });
    for (const [i, key] of input.keys.entries()) {
      const column = set.columns.find((c) => c.name === key.column);
      if (!column) throw badInput(`keys.${i}.column: "${set.name}" has no column "${key.column}"`);
      if (column.sealing !== 'dataset')
        throw badInput(`keys.${i}.column: ${column.name} is sealed with the room key; it needs no grant`);
      if (!sharedWithPartners(set, column))
        throw badInput(`keys.${i}.column: ${column.name} is not shared with partners (approve a request instead)`);
      const member = members.find((m) => m.user.id === key.userId);
      if (!member || key.userId === user.id) throw notFound(`Room member (keys.${i}.userId)`);
      if (!member.publicKeyId || member.publicKeyId !== normaliseKeyId(key.publicKeyId))
        throw conflict(`keys.${i}: that member has chosen another public key; reload and seal again`);
      await saveGrant(tx, set, column.name, member, STANDING, key.sealedKey);
    }
    await tx.flush();
    return input.keys.length;
  });
}

/** Stores a member's sealed column key under a scope, or replaces the one it has. */
export async function saveGrant(
  tx: EntityManager,
  set: Dataset,
  column: string,
  member: RoomMember,
  scope: string,
  sealedKey: string,
) {
  const existing = await tx.findOne(ColumnGrant, { dataset: set, column, grantee: member.user, scope });
  if (existing) {
    existing.publicKeyId = member.publicKeyId!;
    existing.sealedKey = sealedKey;
  } else {
    tx.create(ColumnGrant, {
      dataset: set,
      column,
      grantee: member.user,
      scope,
      publicKeyId: member.publicKeyId!,
      sealedKey,
    });
  }
}
