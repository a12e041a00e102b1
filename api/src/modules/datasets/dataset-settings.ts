import { badInput, conflict, forbidden, notFound } from '../../shared/errors';
import { MICROS, type Dataset, type DatasetColumn } from './dataset.entity';
import type { Room } from '../rooms/room.entity';
import type { User } from '../users/user.entity';
import { checkPartnerRole, defaultPartnerRole } from './partner-roles';
import type { ColumnInput, UploadChunkCommand } from './datasets.schemas';
import { PRIVACY_BUDGET, QUERY_COST, type PartnerAccess } from '../../../../shared/wire-format';

// What a data set is made of, from the header and settings its chunks carry: pure, no database.

/**
 * Column metadata with the positions of each role's cells in the row arrays (1-based, SQL). A
 * sealed or join column the partners may receive (shared, or every column under `full`) is sealed
 * with room-derived keys; any other with keys from the data set's own secret.
 */
export function buildColumns(header: ColumnInput[], partnerAccess: PartnerAccess): DatasetColumn[] {
  let t = 0;
  let s = 0;
  let c = 0;
  const seen = new Set<string>();
  return header.map((h, i) => {
    const key = h.name.toLowerCase();
    if (seen.has(key)) throw badInput(`header.${i}.name: column names must be unique in a data set`);
    seen.add(key);
    if (h.role !== 'join' && (h.domain || h.kind))
      throw badInput(`header.${i}: domain and kind belong to join columns only`);
    if (h.shared && h.partnerRole !== undefined && h.partnerRole !== 'shared')
      throw badInput(`header.${i}: shared is the partnerRole shared; send one of the two`);
    // under full every column is shared unless the uploader chose otherwise (as before roles)
    const partnerRole = h.partnerRole ?? defaultPartnerRole(h.role, h.shared || partnerAccess === 'full');
    const bounds = checkPartnerRole(h.role, partnerRole, h.lower, h.upper, `header.${i}`);
    const shared = partnerRole === 'shared' || partnerAccess === 'full';
    return {
      name: h.name,
      role: h.role,
      domain: h.role === 'join' ? (h.domain ?? h.name).toLowerCase() : null,
      kind: h.role === 'join' ? (h.kind ?? 'text') : null,
      padBucket: h.role === 'clear' ? null : (h.padBucket ?? null),
      tokenIndex: h.role === 'join' ? ++t : null,
      sealedIndex: h.role === 'clear' ? null : ++s,
      clearIndex: h.role === 'clear' ? ++c : null,
      shared,
      sealing: h.role === 'clear' ? null : shared ? 'room' : 'dataset',
      partnerRole,
      ...bounds,
    };
  });
}

// jsonb does not keep key order: compare field by field
const FIELDS = [
  'name',
  'role',
  'domain',
  'kind',
  'padBucket',
  'tokenIndex',
  'sealedIndex',
  'clearIndex',
  'shared',
  'sealing',
  'partnerRole',
  'lower',
  'upper',
] as const;
const sameHeader = (a: DatasetColumn[], b: DatasetColumn[]) =>
  a.length === b.length && a.every((c, i) => FIELDS.every((f) => (c[f] ?? null) === (b[i][f] ?? null)));

/**
 * A new set's differential privacy: on by default where partners get counts and aggregates of a
 * set they cannot read (matches, aggregates), off under full (they may read all of it anyway).
 */
export function privacySettings(
  input: Pick<UploadChunkCommand, 'partnerAccess' | 'differentialPrivacy' | 'privacyBudget' | 'queryCost'>,
) {
  const budget = input.privacyBudget ?? PRIVACY_BUDGET.default;
  const cost = input.queryCost ?? QUERY_COST.default;
  if (cost > budget) throw badInput('queryCost: one answer cannot cost more than the whole privacy budget');
  return {
    differentialPrivacy: input.differentialPrivacy ?? input.partnerAccess !== 'full',
    budgetMicros: Math.round(budget * MICROS),
    queryCostMicros: Math.round(cost * MICROS),
  };
}

/**
 * A later chunk of a set must describe the set exactly as its first chunk did: same uploader,
 * header, keys, partner rules and privacy. Anything else is another upload under the same id.
 */
export function checkSameUpload(
  d: Dataset,
  room: Room,
  user: User,
  input: UploadChunkCommand,
  set: { columns: DatasetColumn[]; keyVersion: number; sealedSecret: string | null; secretKeyId: string | null },
  privacy: ReturnType<typeof privacySettings>,
): void {
  const { columns, keyVersion } = set;
  if (d.room.id !== room.id) throw notFound('Data set');
  if (d.uploadedBy.id !== user.id) throw forbidden('Another member is uploading this data set');
  if (d.name !== input.name || d.chunkCount !== input.chunkCount || !sameHeader(d.columns, columns))
    throw conflict('A chunk must carry the same campaign, header and chunk_count as the first one');
  if (
    d.keyVersion !== keyVersion ||
    d.normalisationVersion !== input.normalisationVersion ||
    d.emptyCells !== input.emptyCells
  )
    throw conflict('A chunk must carry the same key_version, normalisation_version and empty_cells as the first one');
  if (
    d.partnerAccess !== input.partnerAccess ||
    d.minGroupSize !== input.minGroupSize ||
    (d.sealedSecret ?? null) !== set.sealedSecret ||
    (d.secretKeyId ?? null) !== set.secretKeyId
  )
    throw conflict(
      'A chunk must carry the same partner_access, min_group_size, sealed_secret and secret_key_id as the first one',
    );
  if (
    d.differentialPrivacy !== privacy.differentialPrivacy ||
    d.budgetMicros !== privacy.budgetMicros ||
    d.queryCostMicros !== privacy.queryCostMicros
  )
    throw conflict('A chunk must carry the same differential privacy settings as the first one');
}
