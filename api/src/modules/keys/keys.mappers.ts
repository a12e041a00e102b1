import type { Key } from './key.entity';
import type { KeyType } from './keys.types';

// Entity -> API shape, shared by GraphQL and REST so both clients see the same fields.
export const toKey = (k: Key): KeyType => ({
  id: k.id,
  title: k.title,
  publicKey: k.publicKeyPem,
  createdAt: k.createdAt,
});
