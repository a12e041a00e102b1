import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the users service, in the domain's words (REST wraps the update in `update`,
// users.rest.ts; GraphQL resolvers parse with these through parseArgs).
export const updateProfileCommand = z.strictObject({
  nickname: trimmed(64, 'Nickname').describe('the name shown to others, 1 to 64 characters (trimmed)'),
});
export type UpdateProfileCommand = z.infer<typeof updateProfileCommand>;
