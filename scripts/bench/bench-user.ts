import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../api/src/modules/users/user.entity';
import type { Services } from '../../api/src/app';

/** A verified user written straight to the database, logged in over HTTP: its session cookie. */
export async function benchLogin(
  em: EntityManager,
  services: Services,
  base: string,
  username: string,
): Promise<{ user: User; cookie: string }> {
  const user = em.create(User, {
    username,
    email: `${username}@example.test`,
    passwordHash: await services.auth.hashPassword('benchpass1'),
    nickname: 'Bench',
    emailVerifiedAt: new Date(),
  });
  await em.flush();
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'benchpass1' }),
  });
  return { user, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
}
