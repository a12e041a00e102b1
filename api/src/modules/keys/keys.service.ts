import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '../../shared/errors';
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
    if ((await em.count(Key, { user })) >= MAX_KEYS_PER_USER) {
      throw new AppError('CONFLICT', `You can keep at most ${MAX_KEYS_PER_USER} keys`);
    }
    if (await em.count(Key, { id: parsed.id })) throw conflict('This key is already registered');
    const key = em.create(Key, { id: parsed.id, user, title: input.title, publicKeyPem: parsed.pem });
    try {
      await em.flush();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This key is already registered');
      throw err;
    }
    return key;
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
