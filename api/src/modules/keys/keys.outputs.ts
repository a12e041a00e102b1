// What the key REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { isoDate } from '../../rest/wire';

export const legacyKeyOut = z.strictObject({
  id: z.string().describe('the key id: derived from the public key'),
  title: z.string(),
  key: z.string().describe('the P-256 public key, SPKI PEM'),
  createdAt: isoDate,
});
