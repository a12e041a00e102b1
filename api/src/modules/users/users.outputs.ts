// What the account REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, uuid } from '../../rest/wire';

export const profileOut = z.strictObject({
  id: uuid,
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable().describe('the avatar image (/media/avatars/<file>), null without one'),
  credit: count.describe('prepaid IPT credit'),
  guest: z.boolean().describe('an account made through a room invitation'),
  emailVerified: z.boolean(),
  createdAt: isoDate,
});

/** getUser: the profile with the legacy names alongside */
export const legacyProfileOut = profileOut.extend({
  user_id: uuid.describe('the same id, as the legacy app names it'),
  avatar: z.string().nullable().describe('avatarUrl, as the legacy app names it'),
});

export const registeredOut = z.strictObject({
  guest: z.boolean().describe('false: the e-mail must be verified (a mail was sent) before login'),
  user: profileOut,
});

export const authStatusOut = z.strictObject({ loggedIn: z.boolean(), user: profileOut.nullable() });
