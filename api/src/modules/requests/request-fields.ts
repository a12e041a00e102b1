import { z } from 'zod';
import { Field, Int } from 'type-graphql';
import { count } from '../../rest/wire';
import { REVIEW_DAYS, type DataRequest } from './request.entity';

// The request's fields declared once: each is a column of the entity that creating and editing a
// request copy as they are. The GraphQL input, the commands, the legacy form's input and read-back,
// the list's row and the service's copying are derived from this table, so adding such a field
// touches this table, the entity, the GraphQL type and a migration (docs/decisions/api-structure.md).
// Fields with rules of their own (the key, the options, the questions, the escrow, the legacy
// spellings with two names) stay written out where they are used.

/** How type-graphql is told a field's type, e.g. `() => Int`. */
type GraphqlType = NonNullable<Parameters<typeof Field>[0]>;

/** A request's columns (what a list record holds too). */
type Stored = Omit<DataRequest, 'user'>;

/** One field: V is the value the entity stores (null and undefined aside). */
type FieldSpec<V> = {
  /** its column, as the list reads it (a scalar or json column: dates would need parsing) */
  column: string;
  /** the commands' schema (GraphQL and the renamed legacy payload): an edit leaves it out to keep it */
  command: z.ZodType<V | null | undefined>;
  /** what a new request takes when it is left out (none: it stays optional on create too) */
  default?: V;
  /** the GraphQL input field (always nullable: null or absent keeps the value) */
  graphql: { type: GraphqlType; description: string };
  /** the legacy REST name, what the legacy form may send under it and what it reads back */
  legacy: { name: string; input: z.ZodOptional; output: z.ZodType };
};

const reviewDaysError = 'review_days must be a whole number of days';
const reviewDaysRange = `review_days must be ${REVIEW_DAYS.min} to ${REVIEW_DAYS.max}`;

export const REQUEST_FIELDS = {
  // false: each accepted submission is paid at once; true: after the requester's review, or by
  // itself once reviewDays (1-30) passed undecided
  payAfterReview: {
    column: 'pay_after_review',
    command: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
        error: 'pay_after_review must be true or false',
      })
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
    default: false,
    graphql: {
      type: () => Boolean,
      description:
        'Pay participants after your review (true) or on submission (false, the default); fixed once responses arrived',
    },
    legacy: {
      name: 'pay_after_review',
      input: z
        .union([
          z.boolean().describe('true or false'),
          z.literal(0),
          z.literal(1),
          z.string().max(5).describe('"true", "false", "1" or "0"'),
        ])
        .optional()
        .describe(
          "pay participants after your review: false (default: each accepted submission is paid at once) or true (a submission's payout waits until you approve it, and is approved by itself after review_days; a rejection pays nothing and frees its place). Fixed once responses arrived",
        ),
      output: z.boolean().describe("true: each payout waits for the requester's review (or its deadline)"),
    },
  },
  reviewDays: {
    column: 'review_days',
    command: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,3}$/, reviewDaysError),
        ],
        { error: reviewDaysError },
      )
      .transform(Number)
      .pipe(
        z.number().int(reviewDaysError).min(REVIEW_DAYS.min, reviewDaysRange).max(REVIEW_DAYS.max, reviewDaysRange),
      ),
    default: REVIEW_DAYS.default,
    graphql: {
      type: () => Int,
      description: `days to review a response before it is approved by itself: ${REVIEW_DAYS.min} to ${REVIEW_DAYS.max}, default ${REVIEW_DAYS.default}; a change applies to responses that arrive afterwards`,
    },
    legacy: {
      name: 'review_days',
      input: z
        .union([
          z.number().describe('a whole number of days'),
          z.string().max(5).describe('the same as text, e.g. "7"'),
        ])
        .optional()
        .describe(
          `days you have to review a submission before it is approved by itself: ${REVIEW_DAYS.min} to ${REVIEW_DAYS.max}, default ${REVIEW_DAYS.default}; a change applies to submissions that arrive afterwards`,
        ),
      output: count
        .min(REVIEW_DAYS.min)
        .max(REVIEW_DAYS.max)
        .describe('days the requester has to decide before a response is approved by itself'),
    },
  },
} as const satisfies { [K in keyof Stored]?: FieldSpec<NonNullable<Stored[K]>> };

type Table = typeof REQUEST_FIELDS;
export type FieldKey = keyof Table;
type LegacyName<K extends FieldKey> = Table[K]['legacy']['name'];
/** a field's value in the commands (what RequestFields holds) */
type CommandValue<K extends FieldKey> = z.output<Table[K]['command']>;

// The copies below cast once each; this check makes them sound: a field whose command yields
// another type than its column holds (null and undefined aside) is named in the error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Mismatch = {
  [K in FieldKey]: Same<NonNullable<CommandValue<K>>, NonNullable<Stored[K]>> extends true ? never : K;
}[FieldKey];
const _commandsMatchColumns: [Mismatch] extends [never] ? true : Mismatch = true;

const KEYS = Object.keys(REQUEST_FIELDS) as FieldKey[];
const build = <T>(entry: (k: FieldKey) => [string, unknown]) => Object.fromEntries(KEYS.map(entry)) as T;
// what the per-row copies read, looked up once (they run for every request a list shows)
const NAMES = KEYS.map((k) => ({ key: k, column: REQUEST_FIELDS[k].column, legacy: REQUEST_FIELDS[k].legacy.name }));
/** Copies each field from `from` (under one of its names) to `to` (under another), null for none. */
function copy<T>(
  source: Record<string, unknown>,
  from: 'key' | 'column',
  to: 'key' | 'legacy',
  none: null | undefined,
) {
  const out: Record<string, unknown> = {};
  for (const n of NAMES) out[n[to]] = source[n[from]] ?? none;
  return out as T;
}

// ---- the commands (requests.schemas.ts) ---------------------------------------------------------

/** The fields' schemas as an edit takes them (none required). */
export const commandShape = build<{ [K in FieldKey]: Table[K]['command'] }>((k) => [k, REQUEST_FIELDS[k].command]);

/** As a new request takes them: with their defaults. */
export const createShape = build<{
  [K in FieldKey]: Table[K] extends { default: unknown } ? z.ZodDefault<Table[K]['command']> : Table[K]['command'];
}>((k) => {
  const f: FieldSpec<unknown> = REQUEST_FIELDS[k];
  return [k, 'default' in f ? z._default(f.command, f.default) : f.command];
});

// ---- GraphQL --------------------------------------------------------------------------------------

type FieldInputs = { [K in FieldKey]?: CommandValue<K> | null };

/** The GraphQL input fields, added after the ones the class declares (so after them in the schema). */
export function withFieldInputs<C extends new () => object>(input: C): new () => InstanceType<C> & FieldInputs {
  for (const k of KEYS) {
    const { type, description } = REQUEST_FIELDS[k].graphql;
    Field(type, { nullable: true, description })(input.prototype, k);
  }
  // the same class, now with these fields (type-graphql reads them; TypeScript learns them here)
  return input as unknown as new () => InstanceType<C> & FieldInputs;
}

/** The fields of a request as the GraphQL type reads them (null for none). */
export const fieldValues = (r: Stored) =>
  copy<{ [K in FieldKey]: Exclude<Stored[K], undefined> }>(r, 'key', 'key', null);

// ---- the legacy REST routes ---------------------------------------------------------------------

/** What the legacy form may send, under the legacy names. */
export const legacyInputShape = build<{ [K in FieldKey as LegacyName<K>]: Table[K]['legacy']['input'] }>((k) => [
  REQUEST_FIELDS[k].legacy.name,
  REQUEST_FIELDS[k].legacy.input,
]);

/** The legacy payload's values under the commands' names (validated afterwards, as the command). */
export const fromLegacyNames = (v: Record<string, unknown>) =>
  build<Record<FieldKey, unknown>>((k) => [k, v[REQUEST_FIELDS[k].legacy.name]]);

/** What the legacy read-back holds, under the legacy names. */
export const legacyOutputShape = build<{ [K in FieldKey as LegacyName<K>]: Table[K]['legacy']['output'] }>((k) => [
  REQUEST_FIELDS[k].legacy.name,
  REQUEST_FIELDS[k].legacy.output,
]);

/** The fields of a request under the legacy names (null for none). */
export const legacyValues = (r: Stored) =>
  copy<{ [K in FieldKey as LegacyName<K>]: Exclude<Stored[K], undefined> }>(r, 'key', 'legacy', null);

// ---- storage: the list's row and the service's copying ---------------------------------------------

/** The fields' columns, for the list's select. */
export const FIELD_COLUMNS = KEYS.map((k) => REQUEST_FIELDS[k].column).join(', ');

/** The fields of a list row (the columns above; null for none). */
export const rowValues = (row: Record<string, unknown>) =>
  copy<{ [K in FieldKey]: Stored[K] }>(row, 'column', 'key', null);

/** What a create or an edit stores: each field given (left out: the entity's default, or as it is). */
export const storedValues = (f: { [K in FieldKey]?: CommandValue<K> }) =>
  Object.fromEntries(KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as {
    [K in FieldKey]?: NonNullable<Stored[K]> | null;
  };

/** A stored request's fields as the commands hold them, for an edit to merge into (none: undefined). */
export const commandValues = (r: Stored) => copy<{ [K in FieldKey]: CommandValue<K> }>(r, 'key', 'key', undefined);
