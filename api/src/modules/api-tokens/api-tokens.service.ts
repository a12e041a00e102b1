import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound } from '../../shared/errors';
import { underLock } from '../../shared/locks';
import { newSecret, sha256Hex } from '../../shared/tokens';
import type { User } from '../users/user.entity';
import { userColumns, userFromRow } from '../users/user-row';
import { ApiToken } from './api-token.entity';
import type { ApiTokenRef, CreateApiTokenCommand } from './api-tokens.schemas';

export const TOKEN_PREFIX = 'prl_';
const MAX_ACTIVE = 20;

export class ApiTokensService {
  /** Creates a token; the secret is returned here once and never again. */
  async create(
    em: EntityManager,
    user: User,
    { name }: CreateApiTokenCommand,
  ): Promise<{ token: string; apiToken: ApiToken }> {
    // counted and stored under the account's lock: parallel calls never pass the quota
    return underLock(em, `quota:api-tokens:${user.id}`, async (tx) => {
      if ((await tx.count(ApiToken, { user, revokedAt: null })) >= MAX_ACTIVE) {
        throw new AppError('CONFLICT', `You can have at most ${MAX_ACTIVE} active API tokens`);
      }
      const token = TOKEN_PREFIX + newSecret(32);
      const apiToken = tx.create(ApiToken, {
        user: user.id,
        name,
        prefix: token.slice(0, 10),
        tokenHash: sha256Hex(token),
      });
      await tx.flush();
      return { token, apiToken };
    });
  }

  list(em: EntityManager, user: User): Promise<ApiToken[]> {
    return em.find(ApiToken, { user }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  async revoke(em: EntityManager, user: User, { id }: ApiTokenRef): Promise<void> {
    const n = await em.nativeUpdate(ApiToken, { id, user, revokedAt: null }, { revokedAt: new Date() });
    if (!n) throw notFound('API token');
  }

  /** The user behind a bearer token, or null when unknown or revoked. */
  async resolve(em: EntityManager, token: string): Promise<User | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    // one statement on unique keys: this runs on every request made with a token
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select t.id as "token:id", coalesce(t.last_used_at < now() - interval '1 minute', true) as "token:stale",
              ${userColumns(em, 'u')}
         from api_tokens t join users u on u.id = t.user_id where t.token_hash = ? and t.revoked_at is null`,
      [sha256Hex(token)],
    );
    if (!row) return null;
    const { 'token:id': id, 'token:stale': stale, ...user } = row;
    if (stale) await em.nativeUpdate(ApiToken, { id: id as string }, { lastUsedAt: new Date() });
    return userFromRow(em, user);
  }
}
