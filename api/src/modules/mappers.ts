import type { ApiToken } from './api-tokens/api-token.entity';
import type { ApiTokenType } from './api-tokens/api-tokens.types';
import type { Key } from './keys/key.entity';
import type { KeyType } from './keys/keys.types';
import type { Notification } from './notifications/notification.entity';
import type { NotificationType } from './notifications/notifications.types';

// Entity -> API shapes, shared by GraphQL and REST so both clients see the same fields.
export const toKey = (k: Key): KeyType => ({
  id: k.id,
  title: k.title,
  publicKey: k.publicKeyPem,
  createdAt: k.createdAt,
});

export const toNotification = (n: Notification): NotificationType => ({
  id: n.id,
  notification: n.text,
  createdAt: n.createdAt,
});

export const toApiToken = (t: ApiToken): ApiTokenType => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt ?? null,
  revokedAt: t.revokedAt ?? null,
});
