import { z } from 'zod';

/**
 * A REST input schema that takes a command's fields under their legacy names (`room_id`,
 * `campaign`, ...) and hands the service the command in the domain's own words. The fields are
 * the domain schema's own, so each is defined (and documented in the OpenAPI document) once; the
 * legacy spellings live here, in the REST layer, and nowhere else.
 */
export function legacyNames<F extends z.ZodRawShape, const N extends { [K in keyof F]?: string }>(
  fields: F,
  names: N,
): z.ZodType<z.output<z.ZodObject<F>>> {
  const byLegacy = new Map<string, string>();
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const legacy = (names as Record<string, string | undefined>)[key] ?? key;
    byLegacy.set(legacy, key);
    shape[legacy] = schema;
  }
  return z
    .strictObject(shape)
    .transform((input) =>
      Object.fromEntries(Object.entries(input).map(([legacy, value]) => [byLegacy.get(legacy) ?? legacy, value])),
    ) as unknown as z.ZodType<z.output<z.ZodObject<F>>>;
}
