import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../app/services';
import { unauthenticated } from './errors';

export type Actor = {
  user: User;
  /** how the caller proved who they are */
  via: 'session' | 'token';
  /** hash of the session token, for logout */
  sessionTokenHash?: string;
};

/** Per-request state shared by GraphQL resolvers and REST routes. */
export type RequestContext = {
  em: EntityManager;
  actor: Actor | null;
  ip: string;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
};

export function requireUser(ctx: RequestContext): User {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor.user;
}
