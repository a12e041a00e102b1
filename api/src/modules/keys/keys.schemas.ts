import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the keys service, in the domain's words. The legacy REST name (`key` for the
// public key) is translated in keys.rest.ts only; GraphQL resolvers parse with these (parseArgs).
export const createKeyFields = {
  title: trimmed(100, 'Title').describe('your name for the key, 1 to 100 characters'),
  publicKey: z
    .string()
    .min(1, 'Public key is required')
    .max(4096, 'Public key is too long')
    .describe('the public half: a P-256 key as an SPKI PEM (-----BEGIN PUBLIC KEY-----)'),
  // optional: when the client sends the id it computed, it must match ours
  id: z
    .string()
    .max(64)
    .optional()
    .describe(
      "the key id you computed (hex of the first 16 bytes of the SPKI's SHA-256); refused when it differs from ours",
    ),
};
export const createKeyCommand = z.strictObject(createKeyFields);
export type CreateKeyCommand = z.infer<typeof createKeyCommand>;

export const keyRef = z.strictObject({
  id: z.string().min(1, 'Key id is required').max(64).describe('the key id (32 hex digits)'),
});
export type KeyRef = z.infer<typeof keyRef>;
