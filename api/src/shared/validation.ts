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
