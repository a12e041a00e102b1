// Every stable error code (GraphQL extensions.code, REST error.code) with its HTTP status: the
// common ones and each module's own, kept beside the module. A code is defined once: two maps that
// name the same code fail to compile (and `composeErrorCodes` refuses them at run time too).
import { ANALYSES_ERRORS } from '../modules/analyses/analyses.errors';
import { AUTH_ERRORS } from '../modules/auth/auth.errors';
import { BILLING_ERRORS } from '../modules/billing/billing.errors';
import { CHAIN_ERRORS } from '../modules/chain/chain.errors';
import { FIELDWORK_ERRORS } from '../modules/fieldwork/fieldwork.errors';
import { PRIVACY_ERRORS } from '../modules/privacy/privacy.errors';
import { STORAGE_ERRORS } from '../modules/storage/storage.errors';
import { SURVEYS_ERRORS } from '../modules/surveys/surveys.errors';
import { COMMON_ERRORS } from '../shared/common-errors';
import { useErrorStatuses, type ErrorCode } from '../shared/errors';

type StatusMap = Readonly<Record<string, number>>;
type Merged<T extends readonly StatusMap[]> = T extends readonly [infer H, ...infer R extends readonly StatusMap[]]
  ? H & Merged<R>
  : unknown;
/** true when no key appears in two of the maps. */
type Disjoint<T extends readonly StatusMap[]> = T extends readonly [
  infer H extends StatusMap,
  ...infer R extends readonly StatusMap[],
]
  ? [keyof H & keyof Merged<R>] extends [never]
    ? Disjoint<R>
    : false
  : true;

/** One map of all the given ones; a code defined twice is a mistake, refused. */
export function composeErrorCodes<const T extends readonly StatusMap[]>(
  ...maps: Disjoint<T> extends true ? T : never
): Merged<T> {
  const all: Record<string, number> = {};
  for (const map of maps as readonly StatusMap[]) {
    for (const [code, status] of Object.entries(map)) {
      if (code in all) throw new Error(`error code ${code} is defined twice`);
      all[code] = status;
    }
  }
  return all as Merged<T>;
}

// every code a module declares (ErrorCodeMaps) must have its status here, and nothing more
export const ERROR_STATUS = composeErrorCodes(
  COMMON_ERRORS,
  ANALYSES_ERRORS,
  AUTH_ERRORS,
  BILLING_ERRORS,
  CHAIN_ERRORS,
  FIELDWORK_ERRORS,
  PRIVACY_ERRORS,
  STORAGE_ERRORS,
  SURVEYS_ERRORS,
) satisfies Record<ErrorCode, number>;

export type { ErrorCode };

useErrorStatuses(ERROR_STATUS);
