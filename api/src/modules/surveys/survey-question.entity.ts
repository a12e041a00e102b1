import { OptionalProps, type EntityClass } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import type { QuestionLogic } from '../../../../shared/survey-logic';
import type { QuestionBlock } from '../../../../shared/survey-order';
import type { QuestionTranslations } from './survey-translations';

// The first four are the survey format version 1 (every phone client knows them); the rest need
// a client that says it knows version 2 (docs/survey-json.md, docs/api/phone.md).
export const V1_QUESTION_TYPES = ['dropdown', 'radios', 'checkboxes', 'stars'] as const;
export const QUESTION_TYPES = [
  ...V1_QUESTION_TYPES,
  'short_text',
  'long_text',
  'number',
  'date',
  'nps',
  'matrix',
  'ranking',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Types whose answers are personal: encrypted in the participant's browser, never counted. */
export const PERSONAL_TYPES = ['short_text', 'long_text', 'number', 'date'] as const;
export const isPersonal = (type: QuestionType): boolean => (PERSONAL_TYPES as readonly string[]).includes(type);
export const isV1Type = (type: QuestionType): boolean => (V1_QUESTION_TYPES as readonly string[]).includes(type);

/** What a question of the newer types adds: whether it must be answered, a number's range and
 * unit, a matrix's rows; and any question's logic (display condition, skip) and randomisation (a
 * block starting here, shuffled or not; its choices shuffled). */
export type QuestionSettings = {
  required?: boolean;
  min?: number | null;
  max?: number | null;
  unit?: string | null;
  rows?: string[];
  logic?: QuestionLogic | null;
  block?: QuestionBlock | null;
  shuffleOptions?: boolean;
};
export const STAR_SHAPES = ['star', 'heart', 'thumb'] as const;
export type StarShape = (typeof STAR_SHAPES)[number];
export const STAR_SCALE = { min: 3, max: 10, default: 5 } as const;

/** What a survey reads and keeps of the request it belongs to, and of a submission's id. */
export type SurveyOwner = { id: string; status: number; questionCount?: number | null };
export type SurveySubmission = { id: string };

/**
 * The entities survey rows belong to (the request, the submission), bound by the composition root
 * (api/src/app/entities.ts) before the ORM reads the entities: requests and responses sit above
 * surveys in the module order and build on it, so surveys name them here instead of importing them.
 * The columns and foreign keys are the same as with a direct reference.
 */
const parents: { request?: EntityClass<SurveyOwner>; submission?: EntityClass<SurveySubmission> } = {};
export function bindSurveyParents(bound: Required<typeof parents>): void {
  Object.assign(parents, bound);
}
export function surveyParent<K extends keyof typeof parents>(name: K): () => NonNullable<(typeof parents)[K]> {
  return () => {
    const entity = parents[name];
    if (!entity) throw new Error(`surveys: bindSurveyParents() first (no ${name} entity bound)`);
    return entity as NonNullable<(typeof parents)[K]>;
  };
}

/**
 * One question of a survey, in display order. Its answer options (choices, or "1".."scale" for a
 * star rating) are SurveyOption rows, each with its counter.
 */
@Entity({ tableName: 'survey_questions' })
@Unique({ properties: ['request', 'position'] })
@Check({
  name: 'survey_questions_type_check',
  expression: `type in (${QUESTION_TYPES.map((t) => `'${t}'`).join(', ')})`,
})
@Check({
  name: 'survey_questions_stars_check',
  expression: `(type = 'stars') = (scale is not null and shape is not null) and (scale is null or (scale >= 3 and scale <= 10))`,
})
export class SurveyQuestion {
  [OptionalProps]?: 'scale' | 'shape' | 'settings' | 'translations';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(surveyParent('request'), { deleteRule: 'cascade' })
  request!: SurveyOwner;

  // 0-based; the legacy ranking call names questions by this index
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 10 })
  type!: QuestionType;

  @Property({ type: 'string', length: 500 })
  title!: string;

  @Property({ type: 'smallint', nullable: true })
  scale?: number | null = null;

  @Property({ type: 'string', length: 5, nullable: true })
  shape?: StarShape | null = null;

  // the newer types' settings (null for the four version-1 types)
  @Property({ type: 'json', nullable: true })
  settings?: QuestionSettings | null = null;

  // its texts in the survey's other languages, by BCP 47 code (issue 30); null: none
  @Property({ type: 'json', nullable: true })
  translations?: QuestionTranslations | null = null;
}
