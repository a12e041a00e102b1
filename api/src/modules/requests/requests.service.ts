import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { badInput, conflict, isUniqueViolation, notFound } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import type { ChainService } from '../chain/chain.service';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import type { PayoutsService } from '../payouts/payouts.service';
import type { SurveysService } from '../surveys/surveys.service';
import { asInput, sameQuestions, type QuestionView } from '../surveys/surveys.views';
import type { User } from '../users/user.entity';
import { verifyEscrow } from './escrow-check';
import { DataRequest, type RequestKind } from './request.entity';
import { checkRequestRules, fullOptions, sameOptions } from './request-rules';
import {
  createRequestSchema,
  listSchema,
  requestRefSchema,
  updateRequestSchema,
  type RequestFields,
} from './requests.schemas';

/** A request with its questions (surveys; null for collections). */
export type RequestDetail = { request: DataRequest; questions: QuestionView[] | null };
export type RequestPage = { list: RequestDetail[]; count: number; pages: number; page: number };

const LOCKED_AFTER_RESPONSES = 'The key, the questions and the requested data cannot change once responses arrived';

/**
 * Requesters' requests: create, edit, delete, read and list, always scoped to the caller (someone
 * else's request is "not found"). Drafts need no money; publishing checks the escrow on-chain.
 */
export class RequestsService {
  constructor(
    private readonly surveys: SurveysService,
    private readonly payouts: PayoutsService,
    private readonly chain: ChainService,
  ) {}

  async create(em: EntityManager, user: User, raw: unknown): Promise<RequestDetail> {
    const input = parseInput(createRequestSchema, raw);
    checkRequestRules(input);
    const key = await this.ownKey(em, user, input.keyId);
    const id = input.id ?? randomUUID();
    if (input.id && (await em.count(DataRequest, { id }))) throw conflict('A request with this id already exists');
    const published = input.status === 1;
    const escrowVerified = published
      ? await verifyEscrow(this.chain, { ...this.expectation(id, input), paidOut: 0 })
      : false;
    const request = await this.saving(() =>
      em.transactional(async (tx) => {
        const r = tx.create(DataRequest, {
          id,
          user,
          type: input.type,
          title: input.title,
          description: input.description,
          category: input.category,
          quality: input.quality,
          access: input.access,
          keyId: key.id,
          publicKeyPem: key.publicKeyPem,
          bonus: input.bonus,
          bonusAmount: input.bonusAmount,
          bonusEach: input.bonusEach,
          status: input.status,
          options: input.type === 'collection' ? fullOptions(input.options) : null,
          escrowAddress: input.escrowAddress ?? null,
          signerAddress: input.signerAddress ?? null,
          escrowVerified,
          publishedAt: published ? new Date() : null,
        });
        if (input.type === 'survey') await this.surveys.replaceQuestions(tx, r, input.questions ?? []);
        await tx.flush();
        return r;
      }),
    );
    return this.detail(em, request.id, user);
  }

  /**
   * Applies any subset of the fields. Type, quality and access never change; a published request
   * keeps its escrow, signer and bonus_each (the escrow pays a fixed amount) and cannot go back to
   * draft, and its bonus_amount never drops below what participants are already paid or owed.
   */
  async update(em: EntityManager, user: User, raw: unknown): Promise<RequestDetail> {
    const { id, ...changes } = parseInput(updateRequestSchema, raw);
    const request = await this.owned(em, user, id);
    for (const field of ['type', 'quality', 'access'] as const) {
      if (changes[field] !== undefined && changes[field] !== request[field]) {
        throw badInput(`${field} cannot change once the request is created`, [{ path: field, message: 'fixed' }]);
      }
    }
    const stored = (await this.surveys.load(em, [id])).get(id) ?? [];
    const merged: RequestFields = { ...this.fieldsOf(request, stored), ...defined(changes) };
    checkRequestRules(merged);
    const wasPublished = request.status === 1;
    if (wasPublished) {
      if (merged.status === 0) throw conflict('A published request cannot go back to draft');
      if (merged.escrowAddress !== request.escrowAddress || merged.signerAddress !== request.signerAddress) {
        throw conflict('The escrow and signer of a published request cannot change');
      }
      if (merged.bonusEach !== request.bonusEach) {
        throw badInput('bonus_each cannot change once published: the escrow pays a fixed amount per response');
      }
    }
    const keyId = normaliseKeyId(merged.keyId);
    const key = keyId === request.keyId ? null : await this.ownKey(em, user, merged.keyId);
    const newQuestions = request.type === 'survey' && !sameQuestions(stored, merged.questions ?? []);
    const newOptions = request.type === 'collection' && !sameOptions(merged.options, request.options);
    const locksAnswers = Boolean(key) || newQuestions || newOptions;
    const totals = await this.payouts.totals(em, id);
    const mustVerify = merged.status === 1 && (!wasPublished || merged.bonusAmount > request.bonusAmount);
    const escrowVerified = mustVerify
      ? await verifyEscrow(this.chain, { ...this.expectation(id, merged), paidOut: totals.paidOut })
      : request.escrowVerified;

    await em.transactional(async (tx) => {
      // submissions may have arrived since the checks above: re-check what they affect, locked
      const r = await tx.findOneOrFail(DataRequest, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (locksAnswers && r.responseCount > 0) throw conflict(LOCKED_AFTER_RESPONSES);
      const owed = (await this.payouts.totals(tx, id)).owed;
      if (merged.bonusAmount < owed) {
        throw badInput(`Total IPTs cannot be lower than the ${owed} IPT already paid or owed to participants`, [
          { path: 'bonusAmount', message: `at least ${owed}` },
        ]);
      }
      tx.assign(r, {
        title: merged.title,
        description: merged.description,
        bonusAmount: merged.bonusAmount,
        bonusEach: merged.bonusEach,
        status: merged.status,
        options: r.type === 'collection' ? fullOptions(merged.options) : null,
        escrowAddress: merged.escrowAddress ?? null,
        signerAddress: merged.signerAddress ?? null,
        escrowVerified,
        ...(key ? { keyId: key.id, publicKeyPem: key.publicKeyPem } : {}),
        ...(merged.status === 1 && !wasPublished ? { publishedAt: new Date() } : {}),
      });
      if (newQuestions) await this.surveys.replaceQuestions(tx, r, merged.questions ?? []);
      await this.saving(() => tx.flush());
    });
    return this.detail(em, id, user);
  }

  /** Deletes a request with its questions and responses; payouts made or owed stay (money records). */
  async remove(em: EntityManager, user: User, raw: unknown): Promise<void> {
    const { id, type } = parseInput(requestRefSchema, raw);
    const deleted = await em.nativeDelete(DataRequest, { id, user, ...(type ? { type } : {}) });
    if (!deleted) throw notFound('Request');
  }

  async get(em: EntityManager, user: User, raw: unknown): Promise<RequestDetail> {
    const { id, type } = parseInput(requestRefSchema, raw);
    return this.detail(em, id, user, type);
  }

  /** The caller's requests, newest first; questions only when asked for (two more statements). */
  async list(em: EntityManager, user: User, raw: unknown, withQuestions = false): Promise<RequestPage> {
    const { page, limit, type } = parseInput(listSchema, raw);
    const [rows, count] = await em.findAndCount(
      DataRequest,
      { user, ...(type ? { type } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    const questions = withQuestions
      ? await this.surveys.load(
          em,
          rows.filter((r) => r.type === 'survey').map((r) => r.id),
        )
      : new Map<string, QuestionView[]>();
    const list = rows.map((request) => ({
      request,
      questions: request.type === 'survey' ? (questions.get(request.id) ?? null) : null,
    }));
    return { list, count, pages: Math.ceil(count / limit), page };
  }

  /** One of the caller's requests, or NOT_FOUND (also for someone else's: no existence leak). */
  async owned(em: EntityManager, user: User, id: string, type?: RequestKind): Promise<DataRequest> {
    const request = await em.findOne(DataRequest, { id, user, ...(type ? { type } : {}) }, { refresh: true });
    if (!request) throw notFound('Request');
    return request;
  }

  private async detail(em: EntityManager, id: string, user: User, type?: RequestKind): Promise<RequestDetail> {
    const request = await this.owned(em, user, id, type);
    const questions = request.type === 'survey' ? ((await this.surveys.load(em, [id])).get(id) ?? []) : null;
    return { request, questions };
  }

  private async ownKey(em: EntityManager, user: User, raw: string): Promise<Key> {
    const id = normaliseKeyId(raw);
    const key = id ? await em.findOne(Key, { id, user }) : null;
    if (!key) throw badInput('key: choose one of your own keys', [{ path: 'keyId', message: 'not one of your keys' }]);
    return key;
  }

  private fieldsOf(r: DataRequest, questions: QuestionView[]): RequestFields {
    return {
      type: r.type,
      title: r.title,
      description: r.description,
      category: 'Default',
      quality: r.quality,
      access: r.access,
      keyId: r.keyId,
      bonus: 'eth',
      bonusAmount: r.bonusAmount,
      bonusEach: r.bonusEach,
      status: r.status,
      options: r.options ?? undefined,
      questions: r.type === 'survey' ? questions.map(asInput) : undefined,
      escrowAddress: r.escrowAddress ?? undefined,
      signerAddress: r.signerAddress ?? undefined,
    };
  }

  private expectation(requestId: string, f: RequestFields) {
    return {
      requestId,
      escrowAddress: f.escrowAddress!,
      signerAddress: f.signerAddress!,
      bonusEach: f.bonusEach,
      bonusAmount: f.bonusAmount,
    };
  }

  // two requests cannot share an escrow (or an id): the database says so, we say it nicely
  private async saving<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Another request already uses this id or escrow address');
      throw err;
    }
  }
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
