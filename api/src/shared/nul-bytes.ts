import { Lexer, Source, TokenKind } from 'graphql';
import { badInput } from './errors';

// PostgreSQL text cannot hold U+0000: a string carrying one fails inside the driver. Requests are
// checked once, before any route or resolver runs (app.ts), so every such string is a 400.

// A parsed query string is an object whose prototype is itself an empty object without one
// (Fastify's query parser, fast-querystring): plain too, though neither test above says so.
const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

// uploads, buffers and other class instances are not text
const isContainer = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || isPlain(v));

// one frame per array or object being walked (not per value: a data set's JSON rows hold millions
// of cells), its path built only when a NUL is found
type Frame = { node: object; keys: string[] | null; next: number; key: string; parent: Frame | null };
const open = (node: object, key: string, parent: Frame | null): Frame => ({
  node,
  keys: Array.isArray(node) ? null : Object.keys(node),
  next: 0,
  key,
  parent,
});

function pathTo(frame: Frame, key: string): string {
  const parts = [key];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) parts.push(f.key);
  return parts.reverse().join('.');
}

/** The path of the first string (or object key) holding a NUL character in a parsed value, or null. */
export function findNulByte(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\0') ? '(input)' : null;
  if (!isContainer(value)) return null;
  // iterative, depth first in document order: a body may nest arrays 100,000 deep
  let frame: Frame | null = open(value, '', null);
  while (frame) {
    const { node, keys } = frame;
    const i = frame.next;
    if (i >= (keys ?? (node as unknown[])).length) {
      frame = frame.parent;
      continue;
    }
    frame.next = i + 1;
    const key = keys ? keys[i] : String(i);
    if (keys && key.includes('\0')) return pathTo(frame, key);
    const child = keys ? (node as Record<string, unknown>)[key] : (node as unknown[])[i];
    if (typeof child === 'string') {
      if (child.includes('\0')) return pathTo(frame, key);
    } else if (isContainer(child)) frame = open(child, key, frame);
  }
  return null;
}

/**
 * Whether a GraphQL document has a string literal that decodes to a NUL character: `"a\u0000b"`
 * in the query text is six harmless characters until the GraphQL lexer decodes it.
 */
export function graphqlLiteralHasNul(query: string): boolean {
  if (!query.includes('\\u') && !query.includes('\0')) return false;
  const lexer = new Lexer(new Source(query));
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if ((token.kind === TokenKind.STRING || token.kind === TokenKind.BLOCK_STRING) && token.value.includes('\0'))
        return true;
    }
  } catch {
    // a syntax error: GraphQL's own parser reports it
  }
  return false;
}

/** Refuses a request whose query string, parameters, body or GraphQL literals hold a NUL character. */
export function assertNoNulBytes(request: { query: unknown; params: unknown; body: unknown }, graphql: boolean) {
  const parts = { query: request.query, params: request.params, body: request.body };
  for (const [where, value] of Object.entries(parts)) {
    const path = findNulByte(value);
    if (path) throw nulByteError(`${where}.${path}`);
  }
  if (!graphql) return;
  for (const source of [request.body, request.query]) {
    const { query, variables } = (source ?? {}) as { query?: unknown; variables?: unknown };
    if (typeof query === 'string' && graphqlLiteralHasNul(query)) throw nulByteError('query');
    // a GET request carries its variables as JSON text
    if (typeof variables === 'string' && variables.includes('\\u')) {
      const path = findNulByte(parseJson(variables));
      if (path) throw nulByteError(`variables.${path}`);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null; // Apollo refuses it as malformed
  }
}

const nulByteError = (path: string) =>
  badInput('Text must not contain NUL characters (\\u0000)', [{ path, message: 'must not contain \\u0000' }]);
