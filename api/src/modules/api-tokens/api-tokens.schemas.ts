import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the API tokens service, in the domain's words; the GraphQL resolvers parse their
// arguments with these (parseArgs).
export const createApiTokenCommand = z.strictObject({ name: trimmed(100, 'Name') });
export type CreateApiTokenCommand = z.infer<typeof createApiTokenCommand>;

export const apiTokenRef = z.strictObject({ id: z.uuid('id must be a token id') });
export type ApiTokenRef = z.infer<typeof apiTokenRef>;
