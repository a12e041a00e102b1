import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from './errors';

/** Who is calling; `U` is the user entity (the users module's, given by whoever reads it). */
export type Actor<U = unknown> = {
  user: U;
  /** how the caller proved who they are */
  via: 'session' | 'token';
  /** hash of the session token, for logout */
  sessionTokenHash?: string;
};

/**
 * Per-request state shared by GraphQL resolvers and REST routes. `S`: the services a handler uses,
 * declared by the handler's module (the composition root hands in all of them); `U`: the user type.
 * This layer knows neither, so it imports no module.
 */
export type RequestContext<S extends object = object, U = unknown> = {
  em: EntityManager;
  actor: Actor<U> | null;
  ip: string;
  services: S;
  request: FastifyRequest;
  reply: FastifyReply;
};

export function requireUser<U>(ctx: { actor: Actor<U> | null }): U {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor.user;
}
