// The wizards' values, defaults and step rules (product spec s.2 and s.5, CLARIFICATIONS "Amounts"),
// and the conversion of those values into the API's inputs. Pure functions: the screens and their
// tests share them.
import type {
  CreateRequestInput,
  PayWith,
  QuestionKind,
  RequestKind,
  RequestQuality,
  StarShape,
  UpdateRequestInput,
} from '../../gql/types';
import type { LogicSetFragment, RequestWizard_RequestFragment } from './requests.generated';
import { logicProblems, type ConditionSet, type QuestionLogic } from '../../../../shared/survey-logic';

export const ACCESS_TYPES = ['Single Access', 'Multiple Access'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const QUALITY_CHOICES: { value: RequestQuality; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'high', label: 'High' },
];

// The Options step's checkboxes, in the spec's order and words.
export const OPTION_FIELDS = [
  { key: 'healthData', label: 'Collect health and fitness data' },
  { key: 'locationData', label: 'Collect real-time location data' },
  { key: 'profileData', label: 'Collect user profile data' },
  { key: 'idData', label: 'ID Data' },
  { key: 'personalImages', label: 'Personal Images' },
] as const;
export type OptionKey = (typeof OPTION_FIELDS)[number]['key'];
export type OptionValues = Record<OptionKey, boolean>;

export const STAR_SCALE = { min: 3, max: 10, default: 5 } as const;
export const STAR_SHAPES: StarShape[] = ['star', 'heart', 'thumb'];
// A new question starts with this many blank choices, and the editor never shows fewer rows.
export const MIN_CHOICE_ROWS = 3;
export const NO_CHOICE_MESSAGE = 'You are required to have at least one choice.';

export type DesignerQuestion = {
  type: QuestionKind;
  title: string;
  // choice rows as typed (blank rows included; a matrix's columns); unused by star ratings
  choices: string[];
  scale: number;
  shape: StarShape;
  // the newer types (survey format 2): whether it must be answered
  required: boolean;
  // number: the range as typed (blank: no bound) and the unit
  min: string;
  max: string;
  unit: string;
  // matrix: its rows as typed (blank rows included)
  rows: string[];
  // display condition and skip (positions of questions, 0-based); null: none
  logic: QuestionLogic | null;
};

// The four types every phone client knows; the others are survey format 2 (docs/survey-json.md).
export const V1_TYPES: QuestionKind[] = ['dropdown', 'radios', 'checkboxes', 'stars'];
export const V2_TYPES: QuestionKind[] = ['short_text', 'long_text', 'number', 'date', 'nps', 'matrix', 'ranking'];
// answers to these are personal: sealed in the participant's browser to the request key
export const PERSONAL_TYPES: QuestionKind[] = ['short_text', 'long_text', 'number', 'date'];
// the types whose answers are a list of choices the designer types
export const hasChoices = (type: QuestionKind) => !['stars', 'nps', ...PERSONAL_TYPES].includes(type);

export type WizardValues = {
  title: string;
  description: string;
  quality: RequestQuality;
  access: AccessType;
  keyId: string;
  // as typed: the spec's decimal format is checked, then whole IPT are required
  bonusAmount: string;
  bonusEach: string;
  options: OptionValues;
  questions: DesignerQuestion[];
  // Finish saves a draft (status 0, no money) instead of publishing (status 1)
  draft: boolean;
  // who funds the escrow: the browser wallet (default) or prepaid credit (the platform's treasury)
  payWith: PayWith;
  // pay participants on submission (false, the default) or after the requester's review
  payAfterReview: boolean;
  // as typed: days to review before a response is approved by itself (1 to 30)
  reviewDays: string;
};

// Paid after review: the deadline's range and default, as the server has them.
export const REVIEW_DAYS = { min: 1, max: 30, default: 7 } as const;

// the spec's error catalogue: "Not enough tokens to save a request"
export const PURCHASE_TOKENS = 'Purchase Tokens to continue';
export const NOT_ENOUGH_TOKENS = 'You do not have enough tokens in this account to continue!';

export type StepName = 'summary' | 'options' | 'design' | 'preview';
export const WIZARD_STEPS: Record<RequestKind, { name: StepName; label: string }[]> = {
  collection: [
    { name: 'summary', label: 'Summary' },
    { name: 'options', label: 'Options' },
    { name: 'preview', label: 'Preview' },
  ],
  survey: [
    { name: 'summary', label: 'Summary' },
    { name: 'design', label: 'Design' },
    { name: 'preview', label: 'Preview' },
  ],
};

export const WIZARD_TITLES: Record<RequestKind, string> = {
  collection: 'Create Data Access Request',
  survey: 'Create Survey Request',
};

export function initialWizardValues(): WizardValues {
  return {
    title: '',
    description: '',
    quality: 'all',
    access: 'Single Access',
    keyId: '',
    bonusAmount: '',
    bonusEach: '',
    options: { healthData: true, locationData: true, profileData: true, idData: true, personalImages: true },
    questions: [],
    draft: false,
    payWith: 'WALLET',
    payAfterReview: false,
    reviewDays: String(REVIEW_DAYS.default),
  };
}

const isAccess = (value: string): value is AccessType => (ACCESS_TYPES as readonly string[]).includes(value);

// A saved request back into the wizard (edit).
export function wizardValuesOf(request: RequestWizard_RequestFragment): WizardValues {
  const defaults = initialWizardValues();
  return {
    title: request.title,
    description: request.description,
    quality: request.quality,
    access: isAccess(request.access) ? request.access : defaults.access,
    keyId: request.keyId,
    bonusAmount: String(request.bonusAmount),
    bonusEach: String(request.bonusEach),
    options: request.options
      ? {
          healthData: request.options.healthData,
          locationData: request.options.locationData,
          profileData: request.options.profileData,
          idData: request.options.idData,
          personalImages: request.options.personalImages,
        }
      : defaults.options,
    questions: (request.questions ?? []).map((q) => ({
      ...newQuestion(q.type),
      title: q.title,
      choices: hasChoices(q.type) ? padChoices(q.choices) : blankChoices(),
      scale: q.scale ?? STAR_SCALE.default,
      shape: q.shape ?? 'star',
      required: q.required,
      min: q.min === null || q.min === undefined ? '' : String(q.min),
      max: q.max === null || q.max === undefined ? '' : String(q.max),
      unit: q.unit ?? '',
      rows: padChoices(q.rows ?? []),
      logic: q.logic ? logicOf(q.logic) : null,
    })),
    draft: request.status === 0,
    payWith: request.funding,
    payAfterReview: request.payAfterReview,
    reviewDays: String(request.reviewDays),
  };
}

// ---- amounts -----------------------------------------------------------------------------------

// The spec's format: digits with an optional fractional part (so no sign, no exponent).
const DECIMAL = /^\d+(\.\d+)?$/;

// A whole number of IPT, or null when the text is not one (IPT has 0 decimals: "10.0" is ten).
export function wholeIpt(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

// ---- step rules (spec s.5) ---------------------------------------------------------------------

export type SummaryField = 'title' | 'access' | 'keyId' | 'bonusAmount' | 'bonusEach' | 'reviewDays';
export type StepErrors = Partial<Record<SummaryField | 'options' | 'questions', true>>;

// Title, Access Type and Request Key non-blank; both amounts non-negative decimals that are whole
// IPT, per Response at least 1 and at most the total (CLARIFICATIONS). Errors carry no text.
export function validateSummary(values: WizardValues): StepErrors {
  const errors: StepErrors = {};
  if (!values.title.trim()) errors.title = true;
  if (!values.access.trim()) errors.access = true;
  if (!values.keyId.trim()) errors.keyId = true;
  const total = wholeIpt(values.bonusAmount);
  const each = wholeIpt(values.bonusEach);
  if (total === null || total < 1) errors.bonusAmount = true;
  if (each === null || each < 1 || (total !== null && each > total)) errors.bonusEach = true;
  if (values.payAfterReview && reviewDaysOf(values) === null) errors.reviewDays = true;
  return errors;
}

// The review deadline in whole days, or null when the text is not one from 1 to 30.
export function reviewDaysOf(values: Pick<WizardValues, 'reviewDays'>): number | null {
  const trimmed = values.reviewDays.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= REVIEW_DAYS.min && days <= REVIEW_DAYS.max ? days : null;
}

export function validateOptions(values: WizardValues): StepErrors {
  return OPTION_FIELDS.some(({ key }) => values.options[key]) ? {} : { options: true };
}

export function validateDesign(values: WizardValues): StepErrors {
  return values.questions.length > 0 && surveyLogicProblems(values.questions).length === 0 ? {} : { questions: true };
}

// ---- survey logic ------------------------------------------------------------------------------

const setOf = (set: LogicSetFragment): ConditionSet => ({
  match: set.match === 'any' ? 'any' : 'all',
  conditions: set.conditions.map((c) => ({
    question: c.question,
    op: c.op as ConditionSet['conditions'][number]['op'],
    ...(c.values ? { values: c.values } : {}),
    ...(c.min !== null && c.min !== undefined ? { min: c.min } : {}),
    ...(c.max !== null && c.max !== undefined ? { max: c.max } : {}),
  })),
});

/** A saved question's logic as the designer edits it (a skip's target as a position or end). */
export function logicOf(
  logic: NonNullable<RequestWizard_RequestFragment['questions']>[number]['logic'],
): QuestionLogic | null {
  if (!logic) return null;
  return {
    showIf: logic.showIf ? setOf(logic.showIf) : null,
    skip: logic.skip
      ? { when: setOf(logic.skip.when), to: logic.skip.to === 'end' ? 'end' : Number(logic.skip.to) }
      : null,
  };
}

/** The answers a question offers to logic: its choices, ratings as digits. */
export function logicOptions(q: DesignerQuestion): string[] {
  if (q.type === 'stars') return Array.from({ length: q.scale }, (_, i) => String(i + 1));
  if (q.type === 'nps') return Array.from({ length: 11 }, (_, i) => String(i));
  return filledChoices(q.choices);
}

/** The survey's logic problems, each naming its question (the same check the server makes). */
export const surveyLogicProblems = (questions: readonly DesignerQuestion[]) =>
  logicProblems(questions.map((q) => ({ type: q.type, title: q.title, options: logicOptions(q), logic: q.logic })));

/** After question `removed` is deleted: references to later questions move up one; references to
 * it stay pointing at a question that no longer fits, so the designer flags them. */
export function withoutQuestion(questions: readonly DesignerQuestion[], removed: number): DesignerQuestion[] {
  const shift = (n: number) => (n > removed ? n - 1 : n === removed ? Number.MAX_SAFE_INTEGER : n);
  const moveSet = (set: ConditionSet): ConditionSet => ({
    ...set,
    conditions: set.conditions.map((c) => ({ ...c, question: shift(c.question) })),
  });
  return questions
    .filter((_, i) => i !== removed)
    .map((q) =>
      q.logic
        ? {
            ...q,
            logic: {
              showIf: q.logic.showIf ? moveSet(q.logic.showIf) : null,
              skip: q.logic.skip
                ? { when: moveSet(q.logic.skip.when), to: q.logic.skip.to === 'end' ? 'end' : shift(q.logic.skip.to) }
                : null,
            },
          }
        : q,
    );
}

export function validateStep(step: StepName, values: WizardValues): StepErrors {
  switch (step) {
    case 'summary':
      return validateSummary(values);
    case 'options':
      return validateOptions(values);
    case 'design':
      return validateDesign(values);
    case 'preview':
      return {};
  }
}

// ---- survey questions --------------------------------------------------------------------------

export const blankChoices = () => Array.from({ length: MIN_CHOICE_ROWS }, () => '');

// Keeps at least MIN_CHOICE_ROWS rows on screen.
export function padChoices(choices: readonly string[]): string[] {
  return [...choices, ...Array.from({ length: Math.max(0, MIN_CHOICE_ROWS - choices.length) }, () => '')];
}

export function newQuestion(type: QuestionKind): DesignerQuestion {
  return {
    type,
    title: '',
    choices: blankChoices(),
    scale: STAR_SCALE.default,
    shape: 'star',
    required: true,
    min: '',
    max: '',
    unit: '',
    rows: blankChoices(),
    logic: null,
  };
}

export type QuestionErrors = { title?: string; choices?: string; scale?: string; range?: string; rows?: string };

// The choices a question keeps: trimmed, blank rows dropped.
export const filledChoices = (choices: readonly string[]) =>
  choices.map((choice) => choice.trim()).filter((choice) => choice.length > 0);

// A range bound as typed: null when blank, NaN when not a number.
export const boundOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function validateQuestion(question: DesignerQuestion): QuestionErrors {
  const errors: QuestionErrors = {};
  if (!question.title.trim()) errors.title = 'The question needs a title.';
  if (question.type === 'stars') {
    if (!Number.isInteger(question.scale) || question.scale < STAR_SCALE.min || question.scale > STAR_SCALE.max) {
      errors.scale = `The scale is ${STAR_SCALE.min} to ${STAR_SCALE.max}.`;
    }
    return errors;
  }
  if (question.type === 'number') {
    const [min, max] = [boundOf(question.min), boundOf(question.max)];
    if (Number.isNaN(min) || Number.isNaN(max)) errors.range = 'The smallest and largest answers are numbers.';
    else if (min !== null && max !== null && min > max)
      errors.range = 'The largest answer must not be below the smallest.';
  }
  if (question.type === 'matrix') {
    const rows = filledChoices(question.rows);
    if (rows.length === 0) errors.rows = 'A matrix needs at least one row.';
    else if (new Set(rows).size !== rows.length) errors.rows = 'Each row must be different.';
  }
  if (!hasChoices(question.type)) return errors;
  const choices = filledChoices(question.choices);
  if (choices.length === 0) errors.choices = NO_CHOICE_MESSAGE;
  else if (new Set(choices).size !== choices.length) errors.choices = 'Each choice must be different.';
  return errors;
}

// What the designer stores after a valid save: title trimmed, blank choices dropped (rows padded
// back to the minimum for the next edit).
export function normaliseQuestion(question: DesignerQuestion): DesignerQuestion {
  const title = question.title.trim();
  if (!hasChoices(question.type)) return { ...question, title, choices: blankChoices(), unit: question.unit.trim() };
  return {
    ...question,
    title,
    choices: padChoices(filledChoices(question.choices)),
    rows: padChoices(filledChoices(question.rows)),
  };
}

export const QUESTION_TYPE_LABELS: Record<QuestionKind, string> = {
  dropdown: 'Dropdown',
  radios: 'Multiple Choice (Radio Button)',
  checkboxes: 'Checkboxes',
  stars: 'Star Rating',
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  nps: 'Net Promoter Score (0 to 10)',
  matrix: 'Matrix (rows on one scale)',
  ranking: 'Ranking',
};

/** One line about a question's type and settings: the designer's list and the Preview step. */
export function describeQuestion(q: DesignerQuestion): string {
  const skip = q.logic?.skip;
  const logic =
    (q.logic?.showIf ? ' · shown only if…' : '') +
    (skip ? ` · may skip to ${skip.to === 'end' ? 'the end' : `question ${skip.to + 1}`}` : '');
  return describeType(q) + logic;
}

function describeType(q: DesignerQuestion): string {
  const label = QUESTION_TYPE_LABELS[q.type];
  const optional = V2_TYPES.includes(q.type) && !q.required ? ' (optional)' : '';
  if (q.type === 'stars') return `${QUESTION_TYPE_LABELS.stars}: ${q.scale} ${q.shape}s`;
  if (q.type === 'matrix') {
    return `${label}: ${filledChoices(q.rows).join(', ')} × ${filledChoices(q.choices).join(', ')}${optional}`;
  }
  if (q.type === 'number') {
    const range = [q.min.trim() || '…', q.max.trim() || '…'].join(' to ');
    return `${label}: ${range}${q.unit.trim() ? ` ${q.unit.trim()}` : ''}${optional}`;
  }
  if (!hasChoices(q.type)) return `${label}${optional}`;
  return `${label}: ${filledChoices(q.choices).join(', ')}${optional}`;
}

/** One question as the API takes it (GraphQL SurveyQuestionInput, survey JSON). */
export function questionInput(q: DesignerQuestion) {
  const title = q.title.trim();
  const logic = q.logic?.showIf || q.logic?.skip ? { logic: q.logic } : {};
  if (q.type === 'stars') return { type: q.type, title, scale: q.scale, shape: q.shape, ...logic };
  if (V1_TYPES.includes(q.type)) return { type: q.type, title, choices: filledChoices(q.choices), ...logic };
  return {
    type: q.type,
    title,
    ...logic,
    required: q.required,
    ...(hasChoices(q.type) ? { choices: filledChoices(q.choices) } : {}),
    ...(q.type === 'matrix' ? { rows: filledChoices(q.rows) } : {}),
    ...(q.type === 'number'
      ? { min: boundOf(q.min) ?? undefined, max: boundOf(q.max) ?? undefined, unit: q.unit.trim() || undefined }
      : {}),
  };
}

// ---- API inputs --------------------------------------------------------------------------------

export type EscrowRef = { escrowAddress: string; signerAddress: string };

// GraphQL takes a skip's target as text (a position's digits or end)
function questionInputs(values: WizardValues) {
  return values.questions.map((q) => {
    const input = questionInput(q);
    if (!('logic' in input) || !input.logic) return input;
    const { showIf, skip } = input.logic;
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
    ...(type === 'collection' ? { options: { ...values.options } } : { questions: questionInputs(values) }),
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
  options: { published: boolean; locked: boolean },
): UpdateRequestInput {
  const content = contentOf(type, values);
  // Once responses arrived the key, questions, requested data and payout mode cannot change: leave
  // them out.
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
      ? {}
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
