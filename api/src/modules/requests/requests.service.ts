import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { AccessLog } from '../access-log/access-log.service';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { badInput, conflict, isUniqueViolation, notFound } from '../../shared/errors';
import type { ChainService } from '../chain/chain.service';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import type { SurveysService } from '../surveys/surveys.service';
import { asInput, sameQuestions, type QuestionView } from '../surveys/surveys.views';
import type { User } from '../users/user.entity';
import {
  closeEscrow,
  createWithCredit,
  noEscrowWithCredit,
  publishFunded,
  reconcileCreditPublishing,
  topUp,
  type CreditDeps,
} from './credit-publishing';
import { verifyEscrow } from './escrow-check';
import type { EscrowFundingService } from './escrow-funding.service';
import { DataRequest, type Funding, type RequestKind } from './request.entity';
import { checkRequestRules, fullOptions, sameOptions } from './request-rules';
import { commandValues, storedValues } from './request-fields';
import {
  checkFixedFields,
  checkFunding,
  checkLanguageKept,
  checkPublishedChange,
  ID_UNAVAILABLE,
} from './request-edits';
import { requestPage, type RequestRecord } from './request-rows';
import { saveSurvey, surveyLanguage } from './survey-language';
import type {
  CreateRequestCommand,
  ListRequestsCommand,
  RequestFields,
  RequestRef,
  UpdateRequestCommand,
} from './requests.schemas';
import { pageWindow, toPage, type Page } from '../../shared/paging';

/** A request with its questions (surveys; null for collections). */
export type RequestDetail = { request: DataRequest; questions: QuestionView[] | null };
export type RequestPage = Page<{ request: RequestRecord; questions: QuestionView[] | null }>;

const LOCKED_AFTER_RESPONSES =
  'The key, the questions, the requested data and when participants are paid cannot change once responses arrived';

/**
 * A module's part in deleting a request, in the deletion's transaction (rows); what it returns runs
 * after the commit (files, which cannot roll back). E.g. the answers' encrypted images.
 */
export type RequestDeletionHook = (tx: EntityManager, requestId: string) => Promise<(() => Promise<void>) | void>;

/**
 * Requesters' requests: create, edit, delete, read and list, always scoped to the caller (someone
 * else's request is "not found"). Drafts need no money; publishing checks the escrow on-chain.
 */

/**
 * What a request needs to know of the payouts made from its escrow. The payouts module, which
 * builds on requests, provides it (the composition root hands it in), so requests import no payouts.
 */
export type RequestPayouts = {
  /** paid or owed (`owed`, `count`: the places taken) and sent (`paidOut`), in whole IPT */
  totals(em: EntityManager, requestId: string): Promise<{ owed: number; paidOut: number; count: number }>;
  countWithStatus(em: EntityManager, requestId: string, status: 'pending' | 'awaiting_review'): Promise<number>;
};

export class RequestsService {
  constructor(
    private readonly surveys: SurveysService,
    private readonly payouts: RequestPayouts,
    private readonly chain: ChainService,
    private readonly funding: EscrowFundingService,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly events?: WebhookEvents,
    // participants see in their access log that their answer went with a deleted request
    private readonly accessLog?: AccessLog,
  ) {}

  private readonly deletionHooks: RequestDeletionHook[] = [];

  /** Adds a module's part to every request's deletion (see RequestDeletionHook). */
  onDelete(hook: RequestDeletionHook): void {
    this.deletionHooks.push(hook);
  }

  /** request.published to the owner's webhooks, in the transaction that published it. */
  private async announce(tx: EntityManager, r: DataRequest): Promise<void> {
    await this.events?.emit(tx, r.user.id, 'request.published', {
      requestId: r.id,
      type: r.type,
      bonusAmount: r.bonusAmount,
      bonusEach: r.bonusEach,
      escrowAddress: r.escrowAddress ?? null,
      payWith: r.funding,
    });
  }

  /** What publishing with credit (credit-publishing.ts) uses of this service. */
  private get credit(): CreditDeps {
    return {
      funding: this.funding,
      chain: this.chain,
      payouts: this.payouts,
      log: this.log,
      create: (em, user, input) => this.create(em, user, input),
      insert: (tx, user, id, key, input, extra) => this.insert(tx, user, id, key, input, extra),
      owned: (em, user, id) => this.owned(em, user, id),
      detail: (em, id, user) => this.detail(em, id, user),
      ownKey: (em, user, raw) => this.ownKey(em, user, raw),
      saving: (run) => this.saving(run),
      announce: (tx, r) => this.announce(tx, r),
    };
  }

  /** The background half of publishing with credit (credit-publishing.ts). */
  reconcileCreditPublishing(em: EntityManager): Promise<number> {
    return reconcileCreditPublishing(this.credit, em);
  }

  /** Closes the escrow of a published request paid with credit (credit-publishing.ts). */
  closeEscrow(em: EntityManager, user: User, ref: RequestRef): Promise<RequestDetail> {
    return closeEscrow(this.credit, em, user, ref);
  }

  async create(em: EntityManager, user: User, input: CreateRequestCommand): Promise<RequestDetail> {
    if (input.payWith === 'credit' && input.status === 1) return createWithCredit(this.credit, em, user, input);
    checkRequestRules(input);
    const key = await this.ownKey(em, user, input.keyId);
    const id = input.id ?? randomUUID();
    if (input.id && (await em.count(DataRequest, { id }))) throw conflict(ID_UNAVAILABLE);
    const published = input.status === 1;
    const escrowVerified = published
      ? await verifyEscrow(this.chain, { ...this.expectation(id, input), paidOut: 0 })
      : false;
    const request = await this.saving(() =>
      em.transactional(async (tx) => {
        const r = await this.insert(tx, user, id, key, input, { escrowVerified });
        await tx.flush();
        if (published) await this.announce(tx, r);
        return r;
      }),
    );
    return this.detail(em, request.id, user);
  }

  private async insert(
    tx: EntityManager,
    user: User,
    id: string,
    key: Key,
    input: RequestFields,
    extra: { escrowVerified?: boolean; funding?: Funding },
  ): Promise<DataRequest> {
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
      escrowVerified: extra.escrowVerified ?? false,
      funding: extra.funding ?? input.payWith ?? 'wallet',
      publishedAt: input.status === 1 ? new Date() : null,
      ...storedValues(input),
      ...surveyLanguage(input),
    });
    if (input.type === 'survey') await this.surveys.replaceQuestions(tx, r, input.questions ?? []);
    return r;
  }

  /**
   * Applies any subset of the fields. Type, quality and access never change; a published request
   * keeps its escrow, signer and bonus_each (the escrow pays a fixed amount) and cannot go back to
   * draft, and its bonus_amount never drops below what participants are already paid or owed.
   */
  async update(em: EntityManager, user: User, command: UpdateRequestCommand): Promise<RequestDetail> {
    const { id, payWith, ...changes } = command;
    const request = await this.owned(em, user, id);
    checkFixedFields(request, changes);
    const stored = (await this.surveys.load(em, [id])).get(id) ?? [];
    const merged: RequestFields = { ...this.fieldsOf(request, stored), ...defined(changes) };
    const wasPublished = request.status === 1;
    checkFunding(request, merged, payWith);
    // publishing a draft with credit: saved as a draft with the debit, published once funded
    const creditPublish = (payWith ?? request.funding) === 'credit' && !wasPublished && merged.status === 1;
    if (!wasPublished && (await this.funding.live(em, id, 'create'))) {
      // a second click, or an edit while the treasury is still creating the escrow
      if (creditPublish) return publishFunded(this.credit, em, user, id);
      throw conflict('This request is being published with your credit: wait until its escrow is created');
    }
    if (creditPublish) {
      noEscrowWithCredit(changes);
      merged.status = 0;
    }
    checkRequestRules(merged);
    if (wasPublished) checkPublishedChange(request, merged);
    const keyId = normaliseKeyId(merged.keyId);
    const key = keyId === request.keyId ? null : await this.ownKey(em, user, merged.keyId);
    const newQuestions = request.type === 'survey' && !sameQuestions(stored, merged.questions ?? []);
    const newOptions = request.type === 'collection' && !sameOptions(merged.options, request.options);
    // participants answered on the terms they were shown: paid at once, or after review
    const newPayoutMode = merged.payAfterReview !== request.payAfterReview;
    const locksAnswers = Boolean(key) || newQuestions || newOptions || newPayoutMode;
    const raised = wasPublished && merged.bonusAmount > request.bonusAmount;
    if (creditPublish) await this.funding.assertReady();
    else if (raised && request.funding === 'credit') await topUp(this.credit, em, user, request, merged.bonusAmount);
    const totals = await this.payouts.totals(em, id);
    const mustVerify = merged.status === 1 && (!wasPublished || raised);
    const escrowVerified = mustVerify
      ? await verifyEscrow(this.chain, { ...this.expectation(id, merged), paidOut: totals.paidOut })
      : request.escrowVerified;

    await em.transactional(async (tx) => {
      // submissions may have arrived since the checks above: re-check what they affect, locked
      const r = await tx.findOneOrFail(DataRequest, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (locksAnswers && r.responseCount > 0) throw conflict(LOCKED_AFTER_RESPONSES);
      if (wasPublished) checkLanguageKept(r, merged);
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
        ...storedValues(merged),
        ...(payWith && !wasPublished ? { funding: payWith } : {}),
        ...(key ? { keyId: key.id, publicKeyPem: key.publicKeyPem } : {}),
        ...(merged.status === 1 && !wasPublished ? { publishedAt: new Date() } : {}),
      });
      await saveSurvey(this.surveys, tx, r, merged, newQuestions ? null : stored);
      await this.saving(() => tx.flush());
      if (merged.status === 1 && !wasPublished) await this.announce(tx, r);
      // a second click waited on the row lock above and finds the first one's payment
      if (creditPublish && !(await this.funding.live(tx, id, 'create'))) {
        await this.funding.debit(tx, {
          user,
          requestId: id,
          kind: 'create',
          amount: merged.bonusAmount,
          bonusEach: merged.bonusEach,
        });
      }
    });
    if (creditPublish) return publishFunded(this.credit, em, user, id);
    return this.detail(em, id, user);
  }

  /**
   * Deletes a request with its questions and responses; payouts made or owed stay (money records).
   * The open escrow of a request paid with credit is closed first, so what is left returns to the
   * requester's credit (if it cannot be closed now, nothing is deleted).
   */
  async remove(em: EntityManager, user: User, { id, type }: RequestRef): Promise<void> {
    const request = await em.findOne(DataRequest, { id, user, ...(type ? { type } : {}) });
    if (request?.funding === 'credit' && !request.escrowClosedAt) {
      if (request.status === 1) await closeEscrow(this.credit, em, user, { id });
      else if (await this.funding.live(em, id, 'create')) {
        throw conflict('This request is being published with your credit: wait until its escrow is created');
      }
    }
    if (!request) throw notFound('Request');
    const after = await em.transactional(async (tx) => {
      await this.accessLog?.forDeletedRequest(tx, request);
      const then: (() => Promise<void>)[] = [];
      for (const hook of this.deletionHooks) {
        const next = await hook(tx, request.id);
        if (next) then.push(next);
      }
      if (!(await tx.nativeDelete(DataRequest, { id: request.id, user }))) throw notFound('Request');
      return then;
    });
    for (const next of after) await next();
  }

  async get(em: EntityManager, user: User, { id, type }: RequestRef): Promise<RequestDetail> {
    return this.detail(em, id, user, type);
  }

  /** The caller's requests, newest first; questions only when asked for (two more statements). */
  async list(
    em: EntityManager,
    user: User,
    { type, ...query }: ListRequestsCommand,
    withQuestions = false,
  ): Promise<RequestPage> {
    const { rows, count } = await requestPage(em, user.id, { type, ...pageWindow(query) });
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
    return toPage(list, count, query);
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
      ...commandValues(r),
      language: r.language ?? undefined,
      translations: r.translations ?? undefined,
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
