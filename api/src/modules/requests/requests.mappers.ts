import { choicesOf, type QuestionView } from '../surveys/surveys.views';
import { isV1Type } from '../surveys/survey-question.entity';
import type { ConditionSet, QuestionLogic } from '../../../../shared/survey-logic';
import { capacityOf } from './request.entity';
import { fieldValues, legacyValues } from './request-fields';
import type { ContractRecord, RequestRecord } from './request-rows';
import type { ContractType, QuestionLogicType, RequestType, SurveyQuestionType } from './requests.types';
import type { Overview } from './dashboard.service';
import { DEFAULT_LANGUAGE } from '../../../../shared/languages';

// Entity -> API shapes. GraphQL gets camelCase; the legacy REST paths get the old names.

/** A request with its questions (surveys) as the mappers read it: an entity or a list record. */
type Detail = { request: RequestRecord; questions: QuestionView[] | null };

export const typeName = (r: Pick<RequestRecord, 'type'>) => (r.type === 'survey' ? 'Survey' : 'Collection');

export const toQuestion = (q: QuestionView): SurveyQuestionType => ({
  id: q.id,
  position: q.position,
  type: q.type,
  title: q.title,
  choices: q.type === 'stars' ? q.options.map((o) => o.label) : choicesOf(q),
  scale: q.scale,
  shape: q.shape,
  required: isV1Type(q.type) ? q.type !== 'stars' : q.settings?.required !== false,
  logic: q.settings?.logic ? toLogic(q.settings.logic) : null,
  min: q.settings?.min ?? null,
  max: q.settings?.max ?? null,
  unit: q.settings?.unit ?? null,
  rows: q.settings?.rows ?? null,
  block: q.settings?.block ?? null,
  shuffleOptions: q.settings?.shuffleOptions ?? false,
  translations: Object.entries(q.translations ?? {}).map(([language, t]) => ({
    question: q.position,
    language,
    title: t.title ?? null,
    choices: t.choices ?? null,
    rows: t.rows ?? null,
    unit: t.unit ?? null,
  })),
});

export const toRequest = ({ request: r, questions }: Detail): RequestType => ({
  id: r.id,
  type: r.type,
  typeName: typeName(r),
  title: r.title,
  description: r.description,
  category: r.category,
  keyId: r.keyId,
  publicKey: r.publicKeyPem,
  quality: r.quality,
  access: r.access,
  bonus: r.bonus,
  bonusAmount: r.bonusAmount,
  bonusEach: r.bonusEach,
  capacity: capacityOf(r),
  status: r.status,
  published: r.status === 1,
  options: r.options ?? null,
  questions: questions ? questions.map(toQuestion) : null,
  questionCount: r.questionCount ?? null,
  language: r.type === 'survey' ? (r.language ?? DEFAULT_LANGUAGE) : null,
  translations: Object.entries(r.translations ?? {}).map(([language, t]) => ({
    language,
    title: t.title ?? null,
    description: t.description ?? null,
  })),
  questionTranslations: (questions ?? []).flatMap((q) => toQuestion(q).translations),
  responseCount: r.responseCount,
  escrowAddress: r.escrowAddress ?? null,
  signerAddress: r.signerAddress ?? null,
  escrowVerified: r.escrowVerified,
  funding: r.funding,
  ...fieldValues(r),
  escrowClosedAt: r.escrowClosedAt ?? null,
  closedAt: r.closedAt ?? null,
  createdAt: r.createdAt,
  lastModified: r.updatedAt,
  publishedAt: r.publishedAt ?? null,
});

export const toContract = (r: ContractRecord): ContractType => ({
  requestId: r.id,
  title: r.title,
  address: r.signerAddress ?? '',
  escrowAddress: r.escrowAddress ?? '',
  bonusAmount: r.bonusAmount,
  status: 'Completed',
  publishedAt: r.publishedAt ?? null,
});

// ---- legacy REST ------------------------------------------------------------------------------

/** A survey question as the legacy designer reads it: options, or { scale, shape } for stars. */
const toSet = (set: ConditionSet) => ({
  match: set.match,
  conditions: set.conditions.map((c) => ({
    question: c.question,
    op: c.op,
    values: c.values ?? null,
    min: c.min ?? null,
    max: c.max ?? null,
  })),
});
const toLogic = (logic: QuestionLogic): QuestionLogicType => ({
  showIf: logic.showIf ? toSet(logic.showIf) : null,
  skip: logic.skip ? { when: toSet(logic.skip.when), to: String(logic.skip.to) } : null,
});

export const legacyQuestion = (q: QuestionView) => ({
  id: q.id,
  index: q.position,
  type: q.type,
  title: q.title,
  options: q.type === 'stars' ? { scale: q.scale, shape: q.shape } : choicesOf(q),
  // survey format version 2 only (the four old types have no settings)
  ...(q.settings ? legacySettings(q) : {}),
});

const legacySettings = ({ type, settings }: QuestionView) => ({
  required: isV1Type(type) ? type !== 'stars' : settings?.required !== false,
  ...(settings?.logic ? { logic: settings.logic } : {}),
  ...(settings?.block ? { block: settings.block } : {}),
  ...(settings?.shuffleOptions ? { shuffleOptions: true } : {}),
  ...(type === 'number'
    ? { min: settings?.min ?? null, max: settings?.max ?? null, unit: settings?.unit ?? null }
    : {}),
  ...(type === 'matrix' ? { rows: settings?.rows ?? [] } : {}),
});

/** A list row (section 3 "Request (list row)"), plus what the Analyse link passes on. */
export const legacyRow = (r: RequestRecord) => ({
  id: r.id,
  title: r.title,
  type: r.type,
  type_name: typeName(r),
  desc: r.description,
  key: r.keyId,
  created: r.createdAt,
  last_modified: r.updatedAt,
  questionCount: r.questionCount ?? null,
  count_response: r.responseCount,
  status: r.status,
  quality: r.quality,
  access: r.access,
  bonus: r.bonus,
  bonus_amount: r.bonusAmount,
  bonus_each: r.bonusEach,
  newchild: r.escrowAddress ?? null,
  addressSigner: r.signerAddress ?? null,
  closed_at: r.closedAt ?? null,
});

/** A request as the form reads it (section 3 "Request (detail)"). */
// a survey's languages on the legacy read-back, only when it has some (the old shape otherwise)
const legacyDetailQuestion = (q: QuestionView) => {
  const translations = toQuestion(q).translations.map(({ question: _q, ...t }) => t);
  return { ...legacyQuestion(q), ...(translations.length ? { translations } : {}) };
};
const legacyLanguages = (r: RequestRecord) =>
  r.type === 'survey' && Object.keys(r.translations ?? {}).length
    ? {
        language: r.language ?? DEFAULT_LANGUAGE,
        translations: toRequest({ request: r, questions: null }).translations,
      }
    : {};

export const legacyDetail = ({ request: r, questions }: Detail) => ({
  ...legacyRow(r),
  description: r.description,
  category: r.category,
  bonusAmount: r.bonusAmount,
  capacity: capacityOf(r),
  entity: { bonus_amount: r.bonusAmount, bonus_each: r.bonusEach, ...(r.options ?? {}) },
  data: r.type === 'survey' ? (questions ?? []).map(legacyDetailQuestion) : (r.options ?? null),
  ...legacyLanguages(r),
  contract_id: r.escrowAddress ?? null,
  address: r.signerAddress ?? null,
  escrow_verified: r.escrowVerified,
  pay_with: r.funding,
  ...legacyValues(r),
});

export const legacyOverview = (o: Overview) => ({
  open: o.open,
  draft: o.draft,
  response_total: o.responseTotal,
  response_today: o.responseToday,
  avg_comp_rate: o.avgCompRate,
});

export const legacyContract = (r: ContractRecord) => ({
  id: r.id,
  address: r.signerAddress,
  escrow: r.escrowAddress,
  newchild: r.escrowAddress,
  title: r.title,
  bonus_amount: r.bonusAmount,
  created: r.publishedAt ?? r.createdAt,
  status: 'Completed',
});
