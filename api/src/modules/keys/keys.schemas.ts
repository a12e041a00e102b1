import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the keys service, in the domain's words. The legacy REST name (`key` for the
// public key) is translated in keys.rest.ts only; GraphQL resolvers parse with these (parseArgs).
export const createKeyFields = {
  title: trimmed(100, 'Title'),
  publicKey: z.string().min(1, 'Public key is required').max(4096, 'Public key is too long'),
  // optional: when the client sends the id it computed, it must match ours
  id: z.string().max(64).optional(),
};
export const createKeyCommand = z.strictObject(createKeyFields);
export type CreateKeyCommand = z.infer<typeof createKeyCommand>;

export const keyRef = z.strictObject({ id: z.string().min(1, 'Key id is required').max(64) });
export type KeyRef = z.infer<typeof keyRef>;
