// The wizard's values as the API's inputs (GraphQL CreateRequestInput and UpdateRequestInput) and a
// question as the API and the survey JSON take it. Apart from request-form.ts: the wizard loads it
// when it saves, not with its first screen.
import type { CreateRequestInput, RequestKind, UpdateRequestInput } from '../../gql/types';
import {
  boundOf,
  filledChoices,
  hasChoices,
  REVIEW_DAYS,
  reviewDaysOf,
  V1_TYPES,
  wholeIpt,
  type DesignerQuestion,
  type OptionValues,
  type WizardValues,
} from './request-form';
import { SHUFFLE_OPTION_TYPES } from '../../../../shared/survey-order';

/** A question's translations as the API takes them: lists parallel to its own choices and rows. */
export function translationInputs(q: DesignerQuestion) {
  const choices = hasChoices(q.type) ? filledChoices(q.choices) : [];
  const rows = q.type === 'matrix' ? filledChoices(q.rows) : [];
  return Object.entries(q.translations ?? {}).map(([language, t]) => ({
    language,
    ...(t.title.trim() ? { title: t.title.trim() } : {}),
    ...(choices.length ? { choices: choices.map((c) => t.choices[c]?.trim() ?? '') } : {}),
    ...(rows.length ? { rows: rows.map((r) => t.rows[r]?.trim() ?? '') } : {}),
    ...(q.type === 'number' && t.unit.trim() ? { unit: t.unit.trim() } : {}),
  }));
}

/** One question as the API takes it (GraphQL SurveyQuestionInput, survey JSON). */
export function questionInput(q: DesignerQuestion) {
  const title = q.title.trim();
  const translations = translationInputs(q);
  const logic = {
    ...(q.logic?.showIf || q.logic?.skip ? { logic: q.logic } : {}),
    // randomisation: only when switched on, so a survey without it sends what it did before
    ...(q.block ? { block: { shuffle: q.block.shuffle } } : {}),
    ...(q.shuffleOptions && SHUFFLE_OPTION_TYPES.includes(q.type) ? { shuffleOptions: true } : {}),
  };
  const translated = translations.length ? { translations } : {};
  if (q.type === 'stars') return { type: q.type, title, scale: q.scale, shape: q.shape, ...logic, ...translated };
  if (V1_TYPES.includes(q.type))
    return { type: q.type, title, choices: filledChoices(q.choices), ...logic, ...translated };
  return {
    type: q.type,
    title,
    ...logic,
    ...translated,
    required: q.required,
    ...(hasChoices(q.type) ? { choices: filledChoices(q.choices) } : {}),
    ...(q.type === 'matrix' ? { rows: filledChoices(q.rows) } : {}),
    ...(q.type === 'number'
      ? { min: boundOf(q.min) ?? undefined, max: boundOf(q.max) ?? undefined, unit: q.unit.trim() || undefined }
      : {}),
  };
}

const translationsOf = (values: WizardValues) => JSON.stringify(values.questions.map(translationInputs));

// ---- API inputs --------------------------------------------------------------------------------

export type EscrowRef = { escrowAddress: string; signerAddress: string };

// GraphQL takes a skip's target as text (a position's digits or end)
function questionInputs(values: WizardValues) {
  return values.questions.map((q) => {
    const { logic, ...input } = questionInput(q);
    if (!logic) return input;
    const { showIf, skip } = logic;
    return {
      ...input,
      logic: { ...(showIf ? { showIf } : {}), ...(skip ? { skip: { ...skip, to: String(skip.to) } } : {}) },
    };
  });
}

// The editable fields every save sends (amounts already validated as whole IPT).
function contentOf(type: RequestKind, values: WizardValues) {
  return {
    title: values.title.trim(),
    description: values.description,
    category: 'Default',
    keyId: values.keyId,
    bonusAmount: wholeIpt(values.bonusAmount) ?? 0,
    bonusEach: wholeIpt(values.bonusEach) ?? 0,
    ...(type === 'collection'
      ? { options: { ...values.options } }
      : {
          questions: questionInputs(values),
          language: values.language,
          translations: Object.entries(values.translations).map(([language, t]) => ({
            language,
            title: t.title.trim(),
            description: t.description.trim(),
          })),
        }),
    payAfterReview: values.payAfterReview,
    reviewDays: reviewDaysOf(values) ?? REVIEW_DAYS.default,
  };
}

export function createInput(
  type: RequestKind,
  values: WizardValues,
  publish: { id: string; escrow: EscrowRef | null } | null,
): CreateRequestInput {
  return {
    type,
    ...contentOf(type, values),
    quality: values.quality,
    access: values.access,
    status: publish ? 1 : 0,
    ...(publish ? { id: publish.id, ...(publish.escrow ?? { payWith: 'CREDIT' as const }) } : {}),
  };
}

// An edit never sends type, quality or access (fixed once created); a published request keeps its
// escrow and signer, so they are sent only when a draft is being published (or, paying with prepaid
// credit, payWith CREDIT: the platform then creates the escrow).
export function updateInput(
  type: RequestKind,
  values: WizardValues,
  publish: { escrow: EscrowRef | null } | null,
  options: { published: boolean; locked: boolean; before?: WizardValues },
): UpdateRequestInput {
  const content = contentOf(type, values);
  // Once responses arrived the key, questions, requested data and payout mode cannot change: leave
  // them out. The questions go when only their translations changed (a translation changes no
  // answer's meaning): the server then keeps the questions and saves their translations.
  const retranslated =
    options.locked && options.before !== undefined && translationsOf(options.before) !== translationsOf(values);
  const {
    keyId,
    options: requested,
    questions,
    payAfterReview,
    ...rest
  } = content as typeof content & {
    options?: OptionValues;
    questions?: ReturnType<typeof questionInputs>;
  };
  return {
    ...rest,
    ...(options.locked
      ? retranslated && questions
        ? { questions }
        : {}
      : {
          keyId,
          payAfterReview,
          ...(requested ? { options: requested } : {}),
          ...(questions ? { questions } : {}),
        }),
    ...(options.published ? {} : { status: publish ? 1 : 0 }),
    ...(publish && !options.published ? (publish.escrow ?? { payWith: 'CREDIT' as const }) : {}),
  };
}
