// The wizards' values, defaults and step rules (product spec s.2 and s.5, CLARIFICATIONS "Amounts").
// Pure functions: the screens and their tests share them. Their conversion into the API's inputs is
// request-inputs.ts; one question's and the logic's rules are question-form.ts.
import type { PayWith, QuestionKind, RequestKind, RequestQuality, StarShape } from '../../gql/types';
import type { RequestWizard_RequestFragment } from './requests.generated';
import type { QuestionLogic } from '../../../../shared/survey-logic';
import type { QuestionBlock } from '../../../../shared/survey-order';

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
  // randomisation: a block starts at this question (shuffled or not); its choices shuffled
  block: QuestionBlock | null;
  shuffleOptions: boolean;
  // its texts in the survey's added languages; choices and rows by their own text, so an edited
  // choice shows as untranslated (blank: not translated yet)
  translations?: Record<string, QuestionTexts>;
};
export type QuestionTexts = {
  title: string;
  choices: Record<string, string>;
  rows: Record<string, string>;
  unit: string;
};
/** The survey's title and description in one added language. */
export type SurveyTexts = { title: string; description: string };

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
  // how long each answer is kept, in days ('' until chosen): required when publishing
  retentionDays: string;
  // surveys: the language it is written in (a BCP 47 code) and the languages added, with the title
  // and description in each
  language: string;
  translations: Record<string, SurveyTexts>;
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
    retentionDays: '',
    language: 'en',
    translations: {},
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
    questions: (request.questions ?? []).map((q, position) => ({
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
      block: q.block ? { shuffle: q.block.shuffle } : null,
      shuffleOptions: q.shuffleOptions,
      translations: Object.fromEntries(
        (request.questionTranslations ?? [])
          .filter((t) => t.question === position)
          .map((t) => [
            t.language,
            {
              title: t.title ?? '',
              choices: Object.fromEntries(q.choices.map((c, i) => [c, t.choices?.[i] ?? ''])),
              rows: Object.fromEntries((q.rows ?? []).map((r, i) => [r, t.rows?.[i] ?? ''])),
              unit: t.unit ?? '',
            },
          ]),
      ),
    })),
    draft: request.status === 0,
    payWith: request.funding,
    payAfterReview: request.payAfterReview,
    reviewDays: String(request.reviewDays),
    // asked again when a draft is published; a published request changes it on its own page
    retentionDays: '',
    language: request.language ?? 'en',
    translations: Object.fromEntries(
      (request.translations ?? []).map((t) => [t.language, { title: t.title ?? '', description: t.description ?? '' }]),
    ),
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
export type StepErrors = Partial<Record<SummaryField | 'options' | 'questions' | 'retentionDays', true>>;

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

// the logic's problems are shown by the designer (question-form.ts) and refused by the server
export function validateDesign(values: WizardValues): StepErrors {
  return values.questions.length > 0 ? {} : { questions: true };
}

// ---- survey logic ------------------------------------------------------------------------------

/** A saved question's logic as the designer edits it: GraphQL's nulls dropped, a skip's target
 * (digits or end) back to a position. */
export function logicOf(logic: unknown): QuestionLogic | null {
  if (!logic) return null;
  const plain = JSON.parse(
    JSON.stringify(logic, (k, v: unknown) => (v === null || k === '__typename' ? undefined : v)),
  );
  const { showIf = null, skip = null } = plain as QuestionLogic;
  return { showIf, skip: skip && { ...skip, to: skip.to === 'end' ? 'end' : Number(skip.to) } };
}

// Publishing asks for a keeping period (participants see it before answering); a draft, and a
// request already published (its period is changed on the request's page), do not.
export const validatePreview = (values: WizardValues, published: boolean): StepErrors =>
  !published && !values.draft && !values.retentionDays ? { retentionDays: true } : {};

// What the wizard's alert says of each failing field: its label, then how to fix it. The fields
// themselves carry no message (spec s.5); the alert names them so nobody has to find the red ones.
export const STEP_PROBLEMS: Record<keyof StepErrors, string> = {
  title: 'Title: type a title for the request.',
  access: 'Access Type: choose Single Access or Multiple Access.',
  keyId: 'Request Key: choose one of your keys (generate a key pair in Settings if you have none).',
  bonusAmount: 'Total IPTs: type a whole number of IPT tokens, at least 1 (IPT has no decimals).',
  bonusEach: 'IPTs per Response: type a whole number from 1 up to Total IPTs.',
  reviewDays: `Review deadline (days): type a whole number from ${REVIEW_DAYS.min} to ${REVIEW_DAYS.max}.`,
  options: 'Data to collect: tick at least one kind of data.',
  questions: 'Questions: add at least one with New Question.',
  retentionDays: 'Keep each answer for: choose how long answers are kept.',
};

export function validateStep(step: StepName, values: WizardValues, published = false): StepErrors {
  switch (step) {
    case 'summary':
      return validateSummary(values);
    case 'options':
      return validateOptions(values);
    case 'design':
      return validateDesign(values);
    case 'preview':
      return validatePreview(values, published);
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
    block: null,
    shuffleOptions: false,
  };
}

// The choices a question keeps: trimmed, blank rows dropped.
export const filledChoices = (choices: readonly string[]) =>
  choices.map((choice) => choice.trim()).filter((choice) => choice.length > 0);

// A range bound as typed: null when blank, NaN when not a number.
export const boundOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
