// Building blocks of the fuzz test (test/api/fuzz.test.ts): a seeded random source, plausible
// values from a route's JSON schema or a GraphQL input type, and ways to break them.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';

/** mulberry32: small, fast and the same on every machine for a given seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof seededRandom>;

export const hashName = (name: string) =>
  [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);

/** Values the fuzz draws from: ids of things that exist, addresses, keys, odd strings. */
export type Pools = { ids: string[]; emails: string[]; publicKeyPem: string; address: string };

const ODD_STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\\u0000',
  'Ünïcødé ✓ 😀',
  'x'.repeat(300),
];
const NUMBERS = [0, 1, 2, 5, 10, -1, 1.5, 1e9, 2 ** 53];

/** A plausible string for a field, guessed from its name (ids, e-mails, keys, addresses...). */
function stringFor(name: string, rng: Rng, pools: Pools): string {
  if (/e-?mail|recipient/i.test(name)) return rng.pick([...pools.emails, 'fuzz@example.test', 'not-an-email']);
  if (/password/i.test(name)) return rng.pick(['secret123', 'short', '']);
  if (/(^|_)id$|Id$|ID$|_ids?$|Ids$|datasets_array|^ids$/.test(name))
    return rng.pick([...pools.ids, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']);
  if (/publicKey|^key$/i.test(name)) return rng.pick([pools.publicKeyPem, '-----BEGIN PUBLIC KEY-----\nAAAA\n']);
  if (/address|wallet|newchild|contract|signer/i.test(name)) return rng.pick([pools.address, '0x1234']);
  if (/token/i.test(name)) return rng.pick(['prl_' + 'a'.repeat(40), 'x'.repeat(20)]);
  if (/sqlWhere/i.test(name)) return rng.pick(['{"op":"and","conditions":[]}', 'select 1', '{']);
  return rng.pick(ODD_STRINGS);
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
};

/** A plausible value for a JSON schema (what zod's toJSONSchema makes of a route's input). */
export function fromJsonSchema(schema: JsonSchema, rng: Rng, pools: Pools, name = '', depth = 0): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fromJsonSchema(rng.pick(options), rng, pools, name, depth);
  if (schema.enum) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return rng.pick(pools.ids);
      if (schema.format === 'email') return rng.pick(pools.emails);
      return stringFor(name, rng, pools);
    case 'integer':
      return rng.pick([0, 1, 2, 5, 10, -1, 100000]);
    case 'number':
      return rng.pick(NUMBERS);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 4) return [];
      const n = rng.int(3);
      return Array.from({ length: n }, () => fromJsonSchema(schema.items ?? {}, rng, pools, name, depth + 1));
    }
    case 'object': {
      if (depth > 4 || !schema.properties) return {};
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties)) {
        if (schema.required?.includes(key) || rng.chance(0.6))
          out[key] = fromJsonSchema(sub, rng, pools, key, depth + 1);
      }
      return out;
    }
    default:
      return rng.pick([null, 1, 'x', [], {}, true]);
  }
}

/** A plausible value for a GraphQL input type (variables of a mutation). */
export function fromGraphQLType(type: GraphQLInputType, rng: Rng, pools: Pools, name = '', depth = 0): unknown {
  if (isNonNullType(type)) return fromGraphQLType(type.ofType, rng, pools, name, depth);
  if (isListType(type))
    return depth > 4
      ? []
      : Array.from({ length: 1 + rng.int(2) }, () => fromGraphQLType(type.ofType, rng, pools, name, depth + 1));
  if (isEnumType(type)) return rng.pick(type.getValues()).value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) || rng.chance(0.6))
        out[field.name] = fromGraphQLType(field.type, rng, pools, field.name, depth + 1);
    }
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return rng.pick([0, 1, 2, 5, 10, -1, 100000]);
      case 'Float':
        return rng.pick(NUMBERS);
      case 'Boolean':
        return rng.chance(0.5);
      case 'ID':
        return rng.pick([...pools.ids, 'not-a-uuid']);
      case 'DateTimeISO':
        return rng.pick(['2026-01-01T00:00:00.000Z', 'yesterday']);
      case 'JSON':
        return rng.pick([{ op: 'and', conditions: [] }, [], 'x', 1]);
      case 'Upload':
        return null;
      default:
        return stringFor(name, rng, pools);
    }
  }
  return null;
}

/** Whether a GraphQL input type (or what it wraps) is required. */
export const isRequired = (type: GraphQLInputType) => isNonNullType(type);
export const namedType = (type: GraphQLInputType) => getNamedType(getNullableType(type));

type Path = (string | number)[];

/** Every place in a JSON value (objects and arrays walked), the root included. */
function places(value: unknown, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...path, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...places(v, [...path, k]));
  return out;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = replacement;
  return copy;
}

/** A value of another JSON type than the one given. */
export function wrongType(value: unknown, rng: Rng): unknown {
  if (typeof value === 'string') return rng.pick([42, true, null, ['x'], { x: 1 }]);
  if (typeof value === 'number') return rng.pick(['12', '1e400', true, null, [1]]);
  if (typeof value === 'boolean') return rng.pick(['true', 1, null]);
  if (Array.isArray(value)) return rng.pick(['[]', { 0: 'x' }, 1]);
  if (value && typeof value === 'object') return rng.pick(['{}', [value], 7]);
  return rng.pick(['x', 0, {}, []]);
}

/** Replaces one place below the root using `make`; an empty object gets a field of its own. */
export function mutateLeaf(value: unknown, rng: Rng, make: (old: unknown) => unknown): unknown {
  const inner = places(value).filter((p) => p.length > 0);
  if (!inner.length && value && typeof value === 'object' && !Array.isArray(value))
    return { ...value, fuzz: make(undefined) };
  const path = inner.length ? rng.pick(inner) : [];
  const old = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
  return setAt(value, path, make(old));
}

/** Drops one key of the top-level object (a required one when there is one). */
export function dropKey(value: unknown, required: string[], rng: Rng): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const candidates = required.filter((k) => keys.includes(k));
  if (!keys.length) return value;
  const drop = rng.pick(candidates.length ? candidates : keys);
  const { [drop]: _dropped, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** Strings that must not get past the API's input checks unharmed. */
export const NASTY_STRINGS = {
  nul: 'a\u0000b',
  control: '\u0001\u0008\u001b\u007f\u0085\u2028 \ud800',
  huge: 'x'.repeat(200_000),
};

/** JSON text with `depth` nested arrays (built as text: JSON.stringify would recurse). */
export const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** JSON text of an object with a `__proto__` (or constructor.prototype) key beside its fields. */
export function protoJson(value: unknown, rng: Rng): string {
  const body = JSON.stringify(value && typeof value === 'object' && !Array.isArray(value) ? value : {});
  const poison = rng.pick(['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}']);
  return body === '{}' ? `{${poison}}` : `{${poison},${body.slice(1)}`;
}

/** Ways to write a path that is not the route's own spelling. */
export function encodedPaths(path: string, rng: Rng): string[] {
  const chars = [...path];
  const letters = chars.map((c, i) => (/[a-zA-Z]/.test(c) ? i : -1)).filter((i) => i >= 0);
  const i = rng.pick(letters);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const single = chars.map((c, k) => (k === i ? hex(c) : c)).join('');
  const double = chars.map((c, k) => (k === i ? `%25${c.charCodeAt(0).toString(16)}` : c)).join('');
  return [single, double, path.toUpperCase(), `${path}/`, `${path}%00`, `${path}%`, `/${path}`];
}

/**
 * The broken versions of a JSON value both APIs get, as [label, request body]: another type in
 * one place, a huge string, NUL and control characters, a __proto__ key, 20,000 levels of nesting.
 * `wrap` turns the value's JSON text into the request body.
 */
export function malformedValues(
  plausible: () => unknown,
  rng: Rng,
  wrap: (json: string) => string,
): [string, string][] {
  const leaf = (make: (old: unknown) => unknown) => wrap(JSON.stringify(mutateLeaf(plausible(), rng, make)));
  const deep = JSON.stringify(mutateLeaf(plausible(), rng, () => '__DEEP__')).replace('"__DEEP__"', deepJson(20_000));
  return [
    ['wrong type', leaf((old) => wrongType(old, rng))],
    ['huge string', leaf(() => NASTY_STRINGS.huge)],
    ['NUL', leaf(() => NASTY_STRINGS.nul)],
    ['control characters', leaf(() => NASTY_STRINGS.control)],
    ['__proto__ key', wrap(protoJson(plausible(), rng))],
    ['deep nesting', wrap(deep)],
  ];
}
