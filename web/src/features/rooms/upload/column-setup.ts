// The uploader's choices for each CSV column before encryption (CRYPTO.md s.4), and their rules:
// every column has a non-empty name of letters and digits, unique in the data set; join keys
// have a join domain; the data set's name is non-empty and unique in the room; no value is longer
// than the server stores (sealed cells up to 8192 bytes, clear cells up to 1000 characters).
import {
  CLEAR_MAX_CHARS,
  SEALED_MAX_BYTES,
  type PartnerAccess,
  ROLES_BY_STORAGE,
} from '../../../../../shared/wire-format';
import { padBucketFor, sealedCellLength } from '../../../crypto/cells';
import { type ValueKind } from '../../../crypto/normalise';
import { cleanHeader } from '../csv/csv-parser';
import { defaultPartnerRole, type PartnerRole } from '../privacy';
import { type ColumnPlan, type ColumnRole } from './encrypt-rows';

export type ColumnSetup = {
  source: number;
  original: string;
  name: string;
  role: ColumnRole;
  domain: string;
  kind: ValueKind;
  // what partners may do with it; only `shared` hands them its values, and a sealed or join column
  // that is not shared is sealed with the data set's own secret (nothing is shared unless the
  // uploader says so)
  partnerRole: PartnerRole;
  // metric columns: the bounds its values are clamped to, as typed
  lower: string;
  upper: string;
};

/** Partners receive the column's values (in reports of their rows that match). */
export const isShared = (column: Pick<ColumnSetup, 'partnerRole'>) => column.partnerRole === 'shared';

export type SetupProblems = {
  name?: string;
  columns: Record<number, { name?: string; role?: string; domain?: string; lower?: string; upper?: string }>;
};

// the largest magnitude a metric bound may have (the server's METRIC_BOUND_MAX)
const METRIC_BOUND_MAX = 1e9;

/** The longest value (UTF-8 bytes) a sealed or join-key column can hold. */
export const MAX_SEALED_VALUE_BYTES = (() => {
  let n = 0;
  while (sealedCellLength(n + 1, padBucketFor(n + 1)) <= SEALED_MAX_BYTES) n++;
  return n;
})();

// Sensible first choices: e-mail and phone columns become join keys with their normalisation,
// everything else is sealed (nothing is left in clear unless the uploader says so).
export function initialSetup(header: readonly string[]): ColumnSetup[] {
  return cleanHeader(header).map((name, source) => {
    const lower = name.toLowerCase();
    const kind: ValueKind = lower.includes('mail') ? 'email' : /phone|mobile|tel/.test(lower) ? 'phone' : 'text';
    return {
      source,
      original: header[source],
      name,
      role: kind === 'text' ? 'sealed' : 'join',
      domain: kind === 'text' ? lower : kind,
      kind,
      partnerRole: defaultPartnerRole(kind === 'text' ? 'sealed' : 'join'),
      lower: '',
      upper: '',
    };
  });
}

export function validateSetup(
  datasetName: string,
  columns: readonly ColumnSetup[],
  existingNames: readonly string[],
  // per CSV column, the longest value in UTF-8 bytes (the scan's maxBytes)
  maxBytes: readonly number[] = [],
): SetupProblems {
  const problems: SetupProblems = { columns: {} };
  const trimmed = datasetName.trim();
  if (trimmed === '') problems.name = 'Please fill the name of the data set';
  else if (existingNames.some((other) => other.toLowerCase() === trimmed.toLowerCase())) {
    problems.name = 'A data set of this room already has this name';
  }
  const counts = new Map<string, number>();
  for (const column of columns) counts.set(column.name.toLowerCase(), (counts.get(column.name.toLowerCase()) ?? 0) + 1);
  for (const column of columns) {
    const problem: SetupProblems['columns'][number] = {};
    if (column.name === '') problem.name = 'A column needs a name';
    else if (!/^[A-Za-z0-9]+$/.test(column.name)) problem.name = 'Letters and digits only';
    else if ((counts.get(column.name.toLowerCase()) ?? 0) > 1) problem.name = 'Column names must be unique';
    if (column.role === 'join' && !/^[A-Za-z0-9_]{1,64}$/.test(column.domain)) {
      problem.domain = 'A join domain is letters, digits and _';
    }
    const longest = maxBytes[column.source] ?? 0;
    if (column.role !== 'clear' && longest > MAX_SEALED_VALUE_BYTES) {
      problem.role = `A value of ${longest} bytes is too long to encrypt (at most ${MAX_SEALED_VALUE_BYTES})`;
    } else if (column.role === 'clear' && longest > 3 * CLEAR_MAX_CHARS) {
      // UTF-8 takes at most 3 bytes for each UTF-16 unit: this is surely over the limit
      problem.role = `Clear values are at most ${CLEAR_MAX_CHARS} characters; this column has longer ones`;
    }
    if (column.partnerRole === 'metric') Object.assign(problem, boundsProblems(column.lower, column.upper));
    if (problem.name || problem.domain || problem.role || problem.lower || problem.upper)
      problems.columns[column.source] = problem;
  }
  return problems;
}

/** A metric's bounds as typed: numbers, lower below upper, within what the server takes. */
export function boundsProblems(lower: string, upper: string): { lower?: string; upper?: string } {
  const bound = (text: string) =>
    text.trim() === '' || !Number.isFinite(Number(text)) || Math.abs(Number(text)) > METRIC_BOUND_MAX
      ? null
      : Number(text);
  const [low, high] = [bound(lower), bound(upper)];
  const out: { lower?: string; upper?: string } = {};
  if (low === null) out.lower = 'A number (the smallest value that counts)';
  if (high === null) out.upper = 'A number (the largest value that counts)';
  if (low !== null && high !== null && !(low < high)) out.upper = 'Above the lower bound';
  return out;
}

/** The partner role a column takes when its storage changes: kept when it still fits. */
export function roleFor(storage: ColumnRole, current: PartnerRole): PartnerRole {
  return ROLES_BY_STORAGE[storage].includes(current) ? current : defaultPartnerRole(storage);
}

export function hasProblems(problems: SetupProblems): boolean {
  return Boolean(problems.name) || Object.keys(problems.columns).length > 0;
}

/** The columns as encrypted: under `full` every column is shared (partners may read them all). */
export function toPlans(
  columns: readonly ColumnSetup[],
  maxBytes: readonly number[],
  partnerAccess: PartnerAccess = 'matches',
): ColumnPlan[] {
  return columns.map((column) => ({
    source: column.source,
    name: column.name,
    role: column.role,
    domain: column.domain,
    kind: column.kind,
    padBucket: padBucketFor(maxBytes[column.source] ?? 0),
    shared: isShared(column) || partnerAccess === 'full',
    partnerRole: column.partnerRole,
    ...(column.partnerRole === 'metric' ? { lower: Number(column.lower), upper: Number(column.upper) } : {}),
  }));
}
