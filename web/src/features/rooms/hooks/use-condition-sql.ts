import { useCallback } from 'react';
import { toBase64 } from '../../../crypto/bytes';
import { type ValueKind } from '../../../crypto/normalise';
import { createTokenHasher } from '../../../crypto/token-hasher';
import type { DatasetList_DatasetFragment } from '../datasets.generated';
import { toSqlWhere, type BuilderSets, type ConditionGroup } from '../join/condition-tree';

type Dataset = DatasetList_DatasetFragment;

/** What the condition builder knows of two sets: their columns, A first. */
export function builderSets(datasets: readonly Dataset[], ids: readonly [string, string]): BuilderSets {
  const columnsOf = (id: string) =>
    (datasets.find((d) => d.id === id)?.columns ?? []).map((c) => ({
      name: c.name,
      role: c.role as 'clear' | 'join' | 'sealed',
      domain: c.domain ?? null,
    }));
  return { A: columnsOf(ids[0]), B: columnsOf(ids[1]) };
}

// Turns a builder tree into the server's condition: equals-leaves carry the join token of their
// literal, computed here with the room key of the set's version (the value never leaves).
export function useConditionSql(
  roomId: string,
  roomKeys: ReadonlyMap<number, Uint8Array>,
  datasets: readonly Dataset[],
) {
  return useCallback(
    async (ids: readonly [string, string], tree: ConditionGroup) => {
      const hashers = new Map<string, Awaited<ReturnType<typeof createTokenHasher>>>();
      return toSqlWhere(tree, async (side, column, value) => {
        const set = datasets.find((d) => d.id === ids[side === 'A' ? 0 : 1]);
        const meta = set?.columns.find((c) => c.name === column);
        if (!set || !meta?.domain) throw new Error(`${column} is not a join key`);
        const roomKey = roomKeys.get(set.keyVersion);
        if (!roomKey) throw new Error(`room key version ${set.keyVersion} is not open`);
        const cacheKey = `${set.keyVersion}:${meta.domain}`;
        let hasher = hashers.get(cacheKey);
        if (!hasher) hashers.set(cacheKey, (hasher = await createTokenHasher(roomKey, roomId, meta.domain)));
        const token = hasher.token(value, (meta.kind ?? 'text') as ValueKind);
        if (!token) throw new Error('an empty value has no token');
        return toBase64(token);
      });
    },
    [roomId, roomKeys, datasets],
  );
}
