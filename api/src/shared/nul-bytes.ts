import { Lexer, Source, TokenKind } from 'graphql';
import { badInput } from './errors';

// PostgreSQL text cannot hold U+0000: a string carrying one fails inside the driver. Requests are
// checked once, before any route or resolver runs (app.ts), so every such string is a 400.

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** The path of the first string (or object key) holding a NUL character in a parsed value, or null. */
export function findNulByte(value: unknown): string | null {
  // iterative: a body may nest arrays 100,000 deep
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return path || '(input)';
      continue;
    }
    // uploads, buffers and other class instances are not text
    if (typeof v !== 'object' || v === null || (!Array.isArray(v) && !isPlain(v))) continue;
    const entries = Object.entries(v);
    for (let k = entries.length - 1; k >= 0; k--) {
      const [key, child] = entries[k];
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return at;
      stack.push([child, at]);
    }
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
