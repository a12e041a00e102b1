import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '../../shared/errors';
import { underLock } from '../../shared/locks';
import type { User } from '../users/user.entity';
import { Key } from './key.entity';
import type { CreateKeyCommand, KeyRef } from './keys.schemas';
import { normaliseKeyId, parseP256PublicKey } from './public-key';

const MAX_KEYS_PER_USER = 100;

export class KeysService {
  async create(em: EntityManager, user: User, input: CreateKeyCommand): Promise<Key> {
    const parsed = parseP256PublicKey(input.publicKey);
    if (input.id !== undefined && normaliseKeyId(input.id) !== parsed.id) {
      throw badInput('Key id does not match the public key', [
        { path: 'id', message: 'does not match the public key' },
      ]);
    }
    try {
      // counted and stored under the account's lock: parallel calls never pass the quota
      return await underLock(em, `quota:keys:${user.id}`, async (tx) => {
        if ((await tx.count(Key, { user })) >= MAX_KEYS_PER_USER) {
          throw new AppError('CONFLICT', `You can keep at most ${MAX_KEYS_PER_USER} keys`);
        }
        if (await tx.count(Key, { id: parsed.id })) throw conflict('This key is already registered');
        const key = tx.create(Key, { id: parsed.id, user: user.id, title: input.title, publicKeyPem: parsed.pem });
        await tx.flush();
        return key;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This key is already registered');
      throw err;
    }
  }

  list(em: EntityManager, user: User): Promise<Key[]> {
    return em.find(Key, { user }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** Deletes one of the caller's keys; someone else's key is reported as not found. */
  async delete(em: EntityManager, user: User, { id }: KeyRef): Promise<void> {
    const hex = normaliseKeyId(id);
    const deleted = hex ? await em.nativeDelete(Key, { id: hex, user }) : 0;
    if (!deleted) throw notFound('Key');
  }
}
