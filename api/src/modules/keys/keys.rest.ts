import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { requireUser, type RequestContext } from '../../shared/context';
import type { Key } from './key.entity';
import { legacyKeyOut } from './keys.outputs';
import { createKeyFields, keyRef } from './keys.schemas';
import type { User } from '../users/user.entity';
import type { KeysService } from './keys.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ keys: KeysService }, User>;
const route = routeWith<Ctx>();

// legacy shape: the public key travels as `key`
const legacyKey = (k: Key) => ({ id: k.id, title: k.title, key: k.publicKeyPem, createdAt: k.createdAt });

// the legacy spelling of the create command: the public key travels as `key`
const legacyCreateKey = legacyNames(createKeyFields, { publicKey: 'key' });

export const keysRoutes = [
  route({
    method: 'POST',
    path: '/v1/auth/user/createkey',
    output: legacyKeyOut,
    errors: ['CONFLICT'],
    tag: 'keys',
    auth: 'user',
    summary: 'Store a P-256 public key (SPKI PEM); returns its id and createdAt',
    input: legacyCreateKey,
    handler: async (ctx, input) => legacyKey(await ctx.services.keys.create(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/auth/user/deletekey',
    output: done,
    errors: ['NOT_FOUND'],
    tag: 'keys',
    auth: 'user',
    summary: 'Delete one of your keys',
    input: keyRef,
    handler: async (ctx, input) => {
      await ctx.services.keys.delete(ctx.em, requireUser(ctx), input);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/auth/user/getKeyList',
    output: z.array(legacyKeyOut),
    errors: [],
    tag: 'keys',
    auth: 'user',
    summary: 'Your keys: id, key, title, createdAt',
    handler: async (ctx) => (await ctx.services.keys.list(ctx.em, requireUser(ctx))).map(legacyKey),
  }),
];
