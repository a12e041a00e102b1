import { z } from 'zod';
import { badInput } from './errors';

/** Parses input with a zod schema; failures become BAD_USER_INPUT listing every field problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join('.') || '(input)', message: i.message }));
  throw badInput(details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
}

/** A trimmed string that must not be blank. */
export const trimmed = (max: number, label = 'Value') =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** Drops the nulls GraphQL sends for omitted optional input fields (one level deep). */
export function withoutNulls<T extends object>(input: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * How a GraphQL resolver turns its typed arguments into a service command: nulls of omitted
 * optional fields dropped, then parsed once with the command's schema (BAD_USER_INPUT otherwise).
 */
export function parseArgs<S extends z.ZodType>(schema: S, args: object): z.infer<S> {
  return parseInput(schema, withoutNulls(args));
}
