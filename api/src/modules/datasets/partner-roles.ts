// Column roles for partners (wire-format.ts PARTNER_ROLES): which roles a column can take, the
// default (reveal the least), and the bounds a metric needs. Shared by the upload and by the
// uploader's later changes, so both refuse the same things with the same words.
import { badInput } from '../../shared/errors';
import type { DatasetColumn } from './dataset.entity';
import { ROLES_BY_STORAGE, type ColumnRole, type PartnerRole } from '../../../../shared/wire-format';

/** The largest magnitude a metric bound may have (sums of a million rows stay exact in float8). */
export const METRIC_BOUND_MAX = 1e9;

/** A column's role when its uploader chose none: a join key joins, everything else is private. */
export const defaultPartnerRole = (storage: ColumnRole, shared: boolean): PartnerRole =>
  shared ? 'shared' : storage === 'join' ? 'joinOnly' : 'private';

/** The role of stored column metadata (older metadata without a role reads as the migration set it). */
export const partnerRoleOf = (c: Pick<DatasetColumn, 'role' | 'shared'> & { partnerRole?: PartnerRole | null }) =>
  c.partnerRole ?? defaultPartnerRole(c.role, c.shared);

/**
 * Checks a role for a column stored as `storage` and returns its bounds: a metric needs finite
 * lower < upper (within METRIC_BOUND_MAX); any other role takes none. `where` names the field.
 */
export function checkPartnerRole(
  storage: ColumnRole,
  role: PartnerRole,
  lower: number | null | undefined,
  upper: number | null | undefined,
  where: string,
): { lower: number | null; upper: number | null } {
  if (!ROLES_BY_STORAGE[storage].includes(role))
    throw badInput(
      `${where}: a ${storage} column can be ${ROLES_BY_STORAGE[storage].join(', ')} for partners, not ${role}`,
    );
  if (role !== 'metric') {
    if ((lower ?? null) !== null || (upper ?? null) !== null)
      throw badInput(`${where}: lower and upper bounds belong to metric columns only`);
    return { lower: null, upper: null };
  }
  if (lower === null || lower === undefined || upper === null || upper === undefined)
    throw badInput(`${where}: a metric needs its lower and upper bounds (values outside are clamped)`);
  if (
    !Number.isFinite(lower) ||
    !Number.isFinite(upper) ||
    Math.max(Math.abs(lower), Math.abs(upper)) > METRIC_BOUND_MAX
  )
    throw badInput(`${where}: metric bounds are numbers between -${METRIC_BOUND_MAX} and ${METRIC_BOUND_MAX}`);
  if (!(lower < upper)) throw badInput(`${where}: a metric's lower bound must be below its upper bound`);
  return { lower, upper };
}
