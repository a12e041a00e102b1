import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../shared/errors';
import type { FileStorage } from '../storage/file-storage';
import { type User } from './user.entity';
import type { UpdateProfileCommand } from './users.schemas';

export type Profile = {
  id: string;
  username: string;
  email: string;
  nickname: string;
  avatarUrl: string | null;
  credit: number;
  guest: boolean;
  emailVerified: boolean;
  createdAt: Date;
};

// Signatures of the image formats we accept; the client's Content-Type is not trusted.
const IMAGE_TYPES = [
  {
    ext: 'png',
    mime: 'image/png',
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { ext: 'jpg', mime: 'image/jpeg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b: Buffer) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export const AVATAR_MIME_BY_EXT: Record<string, string> = Object.fromEntries(IMAGE_TYPES.map((t) => [t.ext, t.mime]));

export class UsersService {
  constructor(
    private readonly storage: FileStorage,
    private readonly avatarMaxBytes: number,
  ) {}

  /** The profile as the user was read with the request's session or token (credit included). */
  profile(user: User): Profile {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      nickname: user.nickname,
      avatarUrl: user.avatarKey ? `/media/${user.avatarKey}` : null,
      credit: user.credit,
      guest: user.guest,
      emailVerified: Boolean(user.emailVerifiedAt),
      createdAt: user.createdAt,
    };
  }

  async updateUser(em: EntityManager, user: User, input: UpdateProfileCommand): Promise<User> {
    user.nickname = input.nickname;
    await em.flush();
    return user;
  }

  /** Stores a new avatar image and removes the old one. */
  async setAvatar(em: EntityManager, user: User, data: Buffer): Promise<User> {
    if (data.length > this.avatarMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Avatar must be at most ${Math.floor(this.avatarMaxBytes / 1024)} KB`);
    }
    const type = IMAGE_TYPES.find((t) => t.test(data));
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Avatar must be a PNG, JPEG, GIF or WebP image');
    const key = `avatars/${user.id}-${randomBytes(6).toString('hex')}.${type.ext}`;
    // stored before the row names it: a store that fails (STORAGE_UNAVAILABLE) leaves the profile as it was
    await this.storage.put(key, data);
    const old = user.avatarKey;
    user.avatarKey = key;
    try {
      await em.flush();
    } catch (err) {
      // the row's error is the one to answer; a file that cannot be removed is logged by the store
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
    // the new avatar is saved: an old file left behind (logged by the store) costs space, not the answer
    if (old) await this.storage.delete(old).catch(() => undefined);
    return user;
  }
}
