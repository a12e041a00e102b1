import type { ApiToken } from './api-token.entity';
import type { ApiTokenType } from './api-tokens.types';

// Entity -> API shape, one place for the fields a client sees of a token.
export const toApiToken = (t: ApiToken): ApiTokenType => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt ?? null,
  revokedAt: t.revokedAt ?? null,
});
