import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../shared/errors';
import type { Participant } from '../participants/participant.entity';
import type { ParticipantsService } from '../participants/participants.service';
import { DataRequest, type RequestKind } from '../requests/request.entity';
import { User } from '../users/user.entity';
import type { SurveysService } from '../surveys/surveys.service';
import type { QuestionView } from '../surveys/surveys.views';
import type { StatementWrite } from '../../shared/statement-writes';
import { Submission } from './submission.entity';
import { PLACE_JOIN, PLACE_SQL, type Place } from './submission-place';

/** What a submission reads with its request, so that nothing else is read for its receipt and events. */
export type KnownOfRequest = {
  requester: { id: string; name: string };
  // the request's keeping period in days (null: none set)
  retentionDays: number | null;
  // whether the owner has an enabled webhook endpoint (only then is response.created looked into)
  webhooks: boolean;
};

export type EnrolledAnswer = {
  request: DataRequest;
  known: KnownOfRequest;
  // a survey's questions with their options, in order
  questions: QuestionView[] | null;
  participant: Participant;
  place: Place;
  // the columns of `more` (fieldwork's reads)
  also: unknown;
};

const R = 'r:';
const X = 'x:';
// the request's properties read (from the entity's metadata, built once): each column as
// "r:<column>"; the owner is the one relation
let requestProps: { name: string; column: string; key: string; owner: boolean }[] | null = null;
const propsOf = (tx: EntityManager) =>
  (requestProps ??= Object.values(tx.getMetadata(DataRequest).properties)
    .filter((p) => p.persist !== false && p.fieldNames?.length === 1)
    .map((p) => ({ name: p.name, column: p.fieldNames[0], key: `${R}${p.fieldNames[0]}`, owner: p.name === 'user' })));
let requestColumns: string | null = null;
const columnsOf = (tx: EntityManager) =>
  (requestColumns ??= propsOf(tx)
    .map((p) => `r."${p.column}" as "${p.key}"`)
    .join(', '));

/**
 * The request from its row, without the ORM's hydration and identity map (every answer reads one):
 * not managed, so a caller that relates a new entity to it uses a reference (getReference).
 */
function requestOf(tx: EntityManager, row: Record<string, unknown>): DataRequest {
  const request = new DataRequest();
  const out = request as unknown as Record<string, unknown>;
  for (const p of propsOf(tx)) {
    const value = row[p.key];
    out[p.name] = p.owner ? tx.getReference(User, value as string) : value;
  }
  return request;
}

// A survey's questions as answers are checked against them, by the ids of its questions in order
// (as PostgreSQL writes the array: "{id,id}"). Questions are only ever replaced by new rows with new
// ids, and what an answer is checked against (type, title, settings, options) never changes under a
// question id, so an entry cannot go stale: only a question's translations change in place, and
// no check reads them (they are dropped, and the counters zeroed). Every answer reads the ids, one
// indexed subquery, instead of its survey's questions and options as JSON.
const byQuestionIds = new Map<string, QuestionView[]>();
// the ids each survey had when last read here: a request not in it reads its questions at once
const idsOfRequest = new Map<string, string>();
const CACHED_SURVEYS = 1000;
const QUESTION_IDS = `(select array_agg(q.id order by q.position)::text from survey_questions q where q.request_id = r.id)`;

function remember(requestId: string, ids: string | null, questions: QuestionView[]): QuestionView[] {
  if (ids === null) return questions;
  if (byQuestionIds.size >= CACHED_SURVEYS) byQuestionIds.clear();
  if (idsOfRequest.size >= CACHED_SURVEYS) idsOfRequest.clear();
  const kept = questions.map(({ translations: _, ...q }) => ({
    ...q,
    options: q.options.map((o) => ({ ...o, counter: 0 })),
  }));
  byQuestionIds.set(ids, kept);
  idsOfRequest.set(requestId, ids);
  return kept;
}

/** The survey's questions: read with the request (`read`), from the cache by their ids, or read now. */
async function questionsOf(
  surveys: SurveysService,
  tx: EntityManager,
  requestId: string,
  ids: string | null,
  read: QuestionView[] | null,
): Promise<QuestionView[]> {
  if (read) return remember(requestId, ids, read);
  const cached = ids === null ? undefined : byQuestionIds.get(ids);
  if (cached) return cached;
  // replaced since this process last read them: read again, kept under the ids they have now
  const questions = (await surveys.load(tx, [requestId])).get(requestId) ?? [];
  return remember(requestId, questions.length ? `{${questions.map((q) => q.id).join(',')}}` : null, questions);
}

/**
 * The first statement of every answer, one round trip for all it reads before anything is
 * stored: the device is enrolled (ParticipantsService.enrolAnd) and, beside it, the published
 * request (drafts are not served: 404; an answer of the other kind: 400) with its owner's name,
 * keeping period, whether its owner has webhook endpoints and, for a survey, the ids of its
 * questions (the questions themselves the first time, or when they were replaced, questionsOf);
 * the place (submission-place.ts) and `more` (fieldwork's reads). Nothing is locked; a refusal
 * rolls the enrolment back with the rest.
 */
export async function enrolForAnswer(
  participants: ParticipantsService,
  surveys: SurveysService,
  tx: EntityManager,
  a: { requestId: string; deviceId: string; walletAddress: string; type: RequestKind },
  more: { select: string; params: unknown[] },
): Promise<EnrolledAnswer> {
  const { participant, also } = await participants.enrolAnd<Record<string, unknown>>(
    tx,
    a.deviceId,
    a.walletAddress,
    `${columnsOf(tx)}, u.nickname as "${X}nickname", u.username as "${X}username",
     (select days from request_retentions where request_id = r.id) as "${X}retention",
     exists (select 1 from webhook_endpoints where user_id = r.user_id and enabled) as "${X}webhooks",
     ${a.type === 'survey' ? QUESTION_IDS : 'null'} as "${X}questionIds",
     ${a.type === 'survey' && !idsOfRequest.has(a.requestId) ? surveys.questionsColumn() : 'null'} as "${X}questions",
     ${PLACE_SQL}, ${more.select}`,
    [a.requestId, a.requestId, a.walletAddress, a.requestId, ...more.params],
    {
      sql: `left join (requests r join users u on u.id = r.user_id) on r.id = ? and r.status = 1 ${PLACE_JOIN}`,
      params: [a.requestId, a.walletAddress],
    },
  );
  if (also[`${R}id`] === null || also[`${R}id`] === undefined) throw notFound('Request');
  const rest = also;
  const request = requestOf(tx, also);
  if (request.type !== a.type) {
    throw badInput(
      `This request is a ${request.type}: use submit${request.type === 'survey' ? 'Survey' : 'Collection'}`,
    );
  }
  const retention = rest[`${X}retention`];
  return {
    request,
    known: {
      requester: { id: request.user.id, name: (rest[`${X}nickname`] as string) || (rest[`${X}username`] as string) },
      retentionDays: retention === null || retention === undefined ? null : Number(retention),
      webhooks: Boolean(rest[`${X}webhooks`]),
    },
    questions:
      a.type === 'survey'
        ? await questionsOf(
            surveys,
            tx,
            request.id,
            (rest[`${X}questionIds`] as string | null) ?? null,
            (rest[`${X}questions`] as QuestionView[] | null) ?? null,
          )
        : null,
    participant,
    place: rest as unknown as Place,
    also: rest,
  };
}

/** An accepted answer's submission, and the write that stores it (no unit of work: it is not managed). */
export function newSubmission(
  request: DataRequest,
  participant: Participant,
  walletAddress: string,
  sealed: Partial<Pick<Submission, 'encryptedData' | 'sealedKey' | 'presented' | 'idempotencyKey'>>,
): { submission: Submission; write: StatementWrite } {
  const submission = Object.assign(new Submission(), {
    request,
    owner: request.user,
    participant,
    walletAddress,
    encryptedData: sealed.encryptedData ?? null,
    sealedKey: sealed.sealedKey ?? null,
    presented: sealed.presented ?? null,
    idempotencyKey: sealed.idempotencyKey ?? null,
  });
  return {
    submission,
    write: {
      sql: `insert into submissions (id, request_id, owner_id, participant_id, wallet_address, encrypted_data, sealed_key,
              presented, idempotency_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [
        submission.id,
        request.id,
        request.user.id,
        participant.id,
        walletAddress,
        submission.encryptedData,
        submission.sealedKey,
        submission.presented ? JSON.stringify(submission.presented) : null,
        submission.idempotencyKey,
        submission.createdAt,
      ],
    },
  };
}
