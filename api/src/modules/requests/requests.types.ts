import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';
import { PageInfoType } from '../../graphql/page-info';
import { QUESTION_TYPES, STAR_SHAPES } from '../surveys/survey-question.entity';
import {
  QuestionTranslationInput,
  QuestionTranslationType,
  SurveyTranslationInput,
  SurveyTranslationType,
} from '../surveys/survey-translations.types';
import { QUALITIES, REQUEST_TYPES, REVIEW_DAYS, type Funding } from './request.entity';
import { withFieldInputs } from './request-fields';

const asEnum = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as Record<T, T>;

export const RequestKindEnum = asEnum(REQUEST_TYPES);
registerEnumType(RequestKindEnum, { name: 'RequestKind', description: 'collection (personal data) or survey' });
export const QualityEnum = asEnum(QUALITIES);
registerEnumType(QualityEnum, { name: 'RequestQuality', description: 'User Quality: all or high' });
export const QuestionKindEnum = asEnum(QUESTION_TYPES);
registerEnumType(QuestionKindEnum, {
  name: 'QuestionKind',
  description:
    'dropdown, radios (Multiple Choice), checkboxes, stars (Star Rating); survey format 2: short_text, long_text, number, date (personal: answered encrypted), nps (0 to 10), matrix (rows on one scale), ranking',
});
export const StarShapeEnum = asEnum(STAR_SHAPES);
registerEnumType(StarShapeEnum, {
  name: 'StarShape',
  description: 'The shape a star rating is drawn with: star, heart or thumb',
});
export const PayWithEnum = { WALLET: 'wallet', CREDIT: 'credit' } as const satisfies Record<string, Funding>;
registerEnumType(PayWithEnum, {
  name: 'PayWith',
  description:
    "Who funds a request's escrow: WALLET (your browser wallet creates it; the default) or CREDIT (your prepaid credit: the platform treasury creates and funds it, and what is left on close returns to your credit)",
});

@ObjectType('CollectionOptions', { description: 'The personal data a collection asks for (Options step)' })
export class CollectionOptionsType {
  @Field(() => Boolean, { description: 'Collect health and fitness data' })
  healthData!: boolean;
  @Field(() => Boolean, { description: 'Collect real-time location data' })
  locationData!: boolean;
  @Field(() => Boolean, { description: 'Collect user profile data' })
  profileData!: boolean;
  @Field(() => Boolean, { description: 'ID Data' })
  idData!: boolean;
  @Field(() => Boolean, { description: 'Personal Images' })
  personalImages!: boolean;
}

@ObjectType('LogicCondition', { description: 'An earlier closed answer compared (survey logic)' })
export class LogicConditionType {
  @Field(() => Int, { description: 'the earlier question, by 0-based position' })
  question!: number;
  @Field(() => String, { description: 'equals (values[0]), one_of (values) or range (min..max)' })
  op!: string;
  @Field(() => [String], { nullable: true, description: 'equals, one_of: the answers compared with' })
  values!: string[] | null;
  @Field(() => Float, { nullable: true, description: 'range: the lowest rating' })
  min!: number | null;
  @Field(() => Float, { nullable: true, description: 'range: the highest rating' })
  max!: number | null;
}

@ObjectType('LogicConditionSet', { description: 'Conditions combined with all or any' })
export class LogicConditionSetType {
  @Field(() => String, { description: 'all or any' })
  match!: string;
  @Field(() => [LogicConditionType], { description: 'the conditions' })
  conditions!: LogicConditionType[];
}

@ObjectType('LogicSkip', { description: 'After a question, a jump forward when conditions hold' })
export class LogicSkipType {
  @Field(() => LogicConditionSetType, { description: 'when to jump' })
  when!: LogicConditionSetType;
  @Field(() => String, { description: 'a later question by 0-based position (as digits), or end' })
  to!: string;
}

@ObjectType('QuestionLogic', { description: "A question's logic: display condition and skip" })
export class QuestionLogicType {
  @Field(() => LogicConditionSetType, { nullable: true, description: 'shown only when these hold' })
  showIf!: LogicConditionSetType | null;
  @Field(() => LogicSkipType, { nullable: true, description: 'the jump after this question' })
  skip!: LogicSkipType | null;
}

@ObjectType('QuestionBlock', { description: 'Randomisation: a block of questions that starts at a question' })
export class QuestionBlockType {
  @Field(() => Boolean, { description: 'whether its questions are shown in a random order' })
  shuffle!: boolean;
}

@ObjectType('SurveyQuestion', { description: 'One question of a survey' })
export class SurveyQuestionType {
  @Field(() => ID, { description: 'the question id' })
  id!: string;
  @Field(() => Int, { description: '0-based order; the legacy ranking call names questions by it' })
  position!: number;
  @Field(() => QuestionKindEnum, { description: 'its type (QuestionKind)' })
  type!: string;
  @Field(() => String, { description: 'the question' })
  title!: string;
  @Field(() => [String], {
    description: 'the choices; for stars "1".."scale"; a matrix: its columns; none for nps and the personal types',
  })
  choices!: string[];
  @Field(() => Int, { nullable: true, description: 'stars only: 3 to 10' })
  scale!: number | null;
  @Field(() => StarShapeEnum, { nullable: true, description: 'stars only' })
  shape!: string | null;
  @Field(() => Boolean, { description: 'whether a participant must answer it (a star rating may come later)' })
  required!: boolean;
  @Field(() => Float, { nullable: true, description: 'number: the smallest answer allowed' })
  min!: number | null;
  @Field(() => Float, { nullable: true, description: 'number: the largest answer allowed' })
  max!: number | null;
  @Field(() => String, { nullable: true, description: 'number: its unit, e.g. kg' })
  unit!: string | null;
  @Field(() => [String], { nullable: true, description: 'matrix: the rows, each answered with one column' })
  rows!: string[] | null;
  @Field(() => QuestionLogicType, { nullable: true, description: 'its display condition and skip, if any' })
  logic!: QuestionLogicType | null;
  @Field(() => QuestionBlockType, {
    nullable: true,
    description: 'randomisation: a block starts here and runs to the next block start (null: it continues one)',
  })
  block!: QuestionBlockType | null;
  @Field(() => Boolean, { description: 'randomisation: its choices are shown in a random order' })
  shuffleOptions!: boolean;
  @Field(() => [QuestionTranslationType], { description: "its texts in the survey's added languages" })
  translations!: QuestionTranslationType[];
}

@ObjectType('Request', { description: 'A data access request (collection) or a survey; whole IPT amounts' })
export class RequestType {
  @Field(() => ID, { description: 'the request id (a UUID; the escrow is created for it)' })
  id!: string;
  @Field(() => RequestKindEnum, { description: 'collection or survey' })
  type!: string;
  @Field(() => String, { description: 'Collection or Survey (the type badge)' })
  typeName!: string;
  @Field(() => String, { description: 'its title' })
  title!: string;
  @Field(() => String, { description: 'what it is for, shown to participants' })
  description!: string;
  @Field(() => String, { description: 'always Default' })
  category!: string;
  @Field(() => String, { description: "id of one of the owner's keys; responses are encrypted to it" })
  keyId!: string;
  @Field(() => String, { description: "that key's public half (SPKI PEM)" })
  publicKey!: string;
  @Field(() => QualityEnum, { description: 'User Quality: all or high' })
  quality!: string;
  @Field(() => String, { description: 'Single Access or Multiple Access' })
  access!: string;
  @Field(() => String, { description: 'always eth: the IPT token' })
  bonus!: string;
  @Field(() => Int, { description: 'Total IPTs' })
  bonusAmount!: number;
  @Field(() => Int, { description: 'IPTs per Response' })
  bonusEach!: number;
  @Field(() => Int, { description: 'paid responses it can take: floor(bonusAmount / bonusEach)' })
  capacity!: number;
  @Field(() => Int, { description: '0 draft, 1 published' })
  status!: number;
  @Field(() => Boolean, { description: 'status 1: published with a funded escrow' })
  published!: boolean;
  @Field(() => CollectionOptionsType, { nullable: true, description: 'collections only' })
  options!: CollectionOptionsType | null;
  @Field(() => [SurveyQuestionType], {
    nullable: true,
    description: 'surveys only (in lists too: loaded in one batch)',
  })
  questions!: SurveyQuestionType[] | null;
  @Field(() => Int, { nullable: true, description: 'surveys only ("--" for collections)' })
  questionCount!: number | null;
  @Field(() => String, { nullable: true, description: 'surveys only: the BCP 47 language it is written in' })
  language!: string | null;
  @Field(() => [SurveyTranslationType], {
    description: 'surveys only: the languages added, with the title and description in each (empty: none)',
  })
  translations!: SurveyTranslationType[];
  @Field(() => [QuestionTranslationType], {
    description:
      "surveys only: every question's translations in one list (as questions.translations, cheaper to ask for)",
  })
  questionTranslations!: QuestionTranslationType[];
  @Field(() => Int, { description: 'responses received' })
  responseCount!: number;
  @Field(() => String, { nullable: true, description: 'the escrow holding the bonus (legacy newchild)' })
  escrowAddress!: string | null;
  @Field(() => String, { nullable: true, description: 'the wallet that funded it (legacy addressSigner)' })
  signerAddress!: string | null;
  @Field(() => Boolean, { description: 'the escrow was checked on-chain when published' })
  escrowVerified!: boolean;
  @Field(() => PayWithEnum, { description: 'who funds the escrow: your wallet, or your prepaid credit' })
  funding!: Funding;
  @Field(() => Boolean, {
    description:
      "false: each accepted response is paid at once; true: a response's payout waits for your review (approveResponses / rejectResponses), and is approved by itself after reviewDays",
  })
  payAfterReview!: boolean;
  @Field(() => Int, {
    description: `paid after review: days you have to decide before a response is approved by itself (${REVIEW_DAYS.min} to ${REVIEW_DAYS.max})`,
  })
  reviewDays!: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when the escrow was closed and refunded' })
  escrowClosedAt!: Date | null;
  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'when a quota that closes the request filled: it takes no more answers and is not listed as open',
  })
  closedAt!: Date | null;
  @Field(() => GraphQLISODateTime, { description: 'when it was made' })
  createdAt!: Date;
  @Field(() => GraphQLISODateTime, { description: 'when the requester last changed it' })
  lastModified!: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was published' })
  publishedAt!: Date | null;
}

@ObjectType('RequestList', { description: 'A page of your requests' })
export class RequestListType {
  @Field(() => [RequestType], { description: 'newest first' })
  list!: RequestType[];
  @Field(() => PageInfoType, { description: 'where this page stands' })
  info!: PageInfoType;
}

@ObjectType('RequestOverview', { description: 'The dashboard cards' })
export class RequestOverviewType {
  @Field(() => Int, { description: 'published requests still taking answers (not closed by a quota)' })
  open!: number;
  @Field(() => Int, { description: 'drafts' })
  draft!: number;
  @Field(() => Int, { description: 'responses to all your requests' })
  responseTotal!: number;
  @Field(() => Int, { description: "since midnight of the caller's day (tzOffset)" })
  responseToday!: number;
  @Field(() => Float, {
    description: 'responses to published requests / the paid responses they can take, percent, 1 decimal',
  })
  avgCompRate!: number;
}

@ObjectType('Contract', { description: "A published request's escrow (Recent Contracts)" })
export class ContractType {
  @Field(() => ID, { description: 'the request it funds' })
  requestId!: string;
  @Field(() => String, { description: "the request's title" })
  title!: string;
  @Field(() => String, { description: 'the signer: the wallet that created and funded the escrow' })
  address!: string;
  @Field(() => String, { description: 'the escrow contract' })
  escrowAddress!: string;
  @Field(() => Int, { description: 'Total IPTs it was funded with' })
  bonusAmount!: number;
  @Field(() => String, { description: 'always Completed (spec)' })
  status!: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when the request was published' })
  publishedAt!: Date | null;
}

@ObjectType('ContractList', { description: "A page of your published requests' escrows" })
export class ContractListType {
  @Field(() => [ContractType], { description: 'the escrows of this page' })
  list!: ContractType[];
  @Field(() => PageInfoType, { description: 'where this page stands' })
  info!: PageInfoType;
}

@ObjectType('OptionCount', { description: 'How many answers chose one option' })
export class OptionCountType {
  @Field(() => String, { description: 'the option (stars: "1"..scale; nps "0".."10"; a matrix: the column)' })
  option!: string;
  @Field(() => Int, { description: 'answers that chose it' })
  counter!: number;
  @Field(() => String, { nullable: true, description: 'matrix: the row of this cell' })
  row?: string;
  @Field(() => Float, { nullable: true, description: 'ranking: the mean place given (1 = first); null: unranked' })
  meanRank?: number | null;
}

@ObjectType('SurveyResultGroup', { description: "One question's results: a pie per group" })
export class SurveyResultGroupType {
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => String, { description: 'its title' })
  title!: string;
  @Field(() => QuestionKindEnum, { description: 'its type' })
  type!: string;
  @Field(() => [OptionCountType], { description: 'every option in order, zeros included' })
  data!: OptionCountType[];
}

@InputType({ description: 'The personal data a collection asks for' })
export class CollectionOptionsInput {
  @Field(() => Boolean, { nullable: true, description: 'Collect health and fitness data' })
  healthData?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Collect real-time location data' })
  locationData?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Collect user profile data' })
  profileData?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'ID Data' })
  idData?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Personal Images' })
  personalImages?: boolean;
}

@InputType({ description: 'An earlier closed answer compared (survey logic)' })
export class LogicConditionInput {
  @Field(() => Int, { description: 'the earlier question, by 0-based position' })
  question!: number;
  @Field(() => String, { description: 'equals (values[0]), one_of (values) or range (min..max)' })
  op!: string;
  @Field(() => [String], { nullable: true, description: 'equals, one_of: the answers compared with' })
  values?: string[];
  @Field(() => Float, { nullable: true, description: 'range: the lowest rating' })
  min?: number;
  @Field(() => Float, { nullable: true, description: 'range: the highest rating' })
  max?: number;
}

@InputType({ description: 'Conditions combined with all or any' })
export class LogicConditionSetInput {
  @Field(() => String, { description: 'all or any' })
  match!: string;
  @Field(() => [LogicConditionInput], { description: 'the conditions (1 to 10)' })
  conditions!: LogicConditionInput[];
}

@InputType({ description: 'After a question, a jump forward when conditions hold' })
export class LogicSkipInput {
  @Field(() => LogicConditionSetInput, { description: 'when to jump' })
  when!: LogicConditionSetInput;
  @Field(() => String, { description: 'a later question by 0-based position (as digits, not the next), or end' })
  to!: string;
}

@InputType({ description: "A question's logic: display condition and skip" })
export class QuestionLogicInput {
  @Field(() => LogicConditionSetInput, { nullable: true, description: 'shown only when these hold' })
  showIf?: LogicConditionSetInput;
  @Field(() => LogicSkipInput, { nullable: true, description: 'the jump after this question' })
  skip?: LogicSkipInput;
}

@InputType({ description: 'Randomisation: a block of questions that starts at a question' })
export class QuestionBlockInput {
  @Field(() => Boolean, { description: 'whether its questions are shown in a random order' })
  shuffle!: boolean;
}

@InputType({ description: 'One question of a survey' })
export class SurveyQuestionInput {
  @Field(() => QuestionKindEnum, { description: 'its type (QuestionKind)' })
  type!: string;
  @Field(() => String, { description: 'required (trimmed)' })
  title!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'choice types: blank rows are dropped; at least one must remain',
  })
  choices?: string[];
  @Field(() => Int, { nullable: true, description: 'stars: 3 to 10, default 5' })
  scale?: number;
  @Field(() => StarShapeEnum, { nullable: true, description: 'stars: default star' })
  shape?: string;
  @Field(() => Boolean, { nullable: true, description: 'survey format 2 types: must it be answered (default true)' })
  required?: boolean;
  @Field(() => Float, { nullable: true, description: 'number: the smallest answer allowed' })
  min?: number;
  @Field(() => Float, { nullable: true, description: 'number: the largest answer allowed' })
  max?: number;
  @Field(() => String, { nullable: true, description: 'number: its unit (at most 20 characters)' })
  unit?: string;
  @Field(() => [String], { nullable: true, description: 'matrix: its rows (blank ones are dropped; at least one)' })
  rows?: string[];
  @Field(() => QuestionLogicInput, { nullable: true, description: 'survey format 2: display condition and skip' })
  logic?: QuestionLogicInput;
  @Field(() => QuestionBlockInput, {
    nullable: true,
    description: 'randomisation: a block starts here (runs to the next block start); null continues the block',
  })
  block?: QuestionBlockInput;
  @Field(() => Boolean, {
    nullable: true,
    description: 'randomisation: dropdown, radios, checkboxes and ranking show their choices in a random order',
  })
  shuffleOptions?: boolean;
  @Field(() => [QuestionTranslationInput], {
    nullable: true,
    description: "its texts in the survey's added languages (each language added to the survey first)",
  })
  translations?: QuestionTranslationInput[];
}

/** Fields shared by create and update; every one optional on update (the rest stays). */
@InputType('UpdateRequestInput', {
  description: 'Changes to one of your requests (what responses depend on is fixed once answered)',
})
class UpdateRequestFields {
  @Field(() => String, { nullable: true, description: 'its title' })
  title?: string;
  @Field(() => String, { nullable: true, description: 'what it is for, shown to participants' })
  description?: string;
  @Field(() => String, { nullable: true, description: 'Default' })
  category?: string;
  @Field(() => QualityEnum, { nullable: true, description: 'fixed once created' })
  quality?: string;
  @Field(() => String, { nullable: true, description: 'Single Access or Multiple Access; fixed once created' })
  access?: string;
  @Field(() => String, { nullable: true, description: 'one of your key ids (hex or colon pairs)' })
  keyId?: string;
  @Field(() => Int, { nullable: true, description: 'Total IPTs (whole, >= bonusEach)' })
  bonusAmount?: number;
  @Field(() => Int, { nullable: true, description: 'IPTs per Response (whole, >= 1)' })
  bonusEach?: number;
  @Field(() => Int, { nullable: true, description: '0 draft, 1 publish (needs the funded escrow)' })
  status?: number;
  @Field(() => CollectionOptionsInput, { nullable: true, description: 'collections' })
  options?: CollectionOptionsInput;
  @Field(() => [SurveyQuestionInput], { nullable: true, description: 'surveys' })
  questions?: SurveyQuestionInput[];
  @Field(() => String, { nullable: true, description: 'surveys: the BCP 47 language it is written in (default en)' })
  language?: string;
  @Field(() => [SurveyTranslationInput], {
    nullable: true,
    description: 'surveys: the languages added besides its own, with the title and description in each',
  })
  translations?: SurveyTranslationInput[];
  @Field(() => String, { nullable: true, description: 'the escrow the factory created for this request id' })
  escrowAddress?: string;
  @Field(() => String, { nullable: true, description: 'the wallet that created and funded it' })
  signerAddress?: string;
  @Field(() => PayWithEnum, {
    nullable: true,
    description:
      'publishing or raising Total IPTs: WALLET (default; send escrowAddress and signerAddress) or CREDIT (debits your prepaid credit by Total IPTs; INSUFFICIENT_CREDIT "Purchase Tokens to continue" when short)',
  })
  payWith?: Funding;
}

/** With the fields declared in request-fields.ts (payAfterReview, reviewDays, ...) after these. */
export const UpdateRequestInput = withFieldInputs(UpdateRequestFields);
export type UpdateRequestInput = InstanceType<typeof UpdateRequestInput>;

@InputType({ description: 'A new request or survey, as a draft or published' })
export class CreateRequestInput extends UpdateRequestInput {
  @Field(() => ID, {
    nullable: true,
    description: 'a UUID you choose, so the escrow can be created for it before the request is saved',
  })
  id?: string;
  @Field(() => RequestKindEnum, { description: 'collection or survey' })
  type!: string;
  // required on create (optional on update)
  @Field(() => String, { description: 'its title' })
  declare title: string;
  @Field(() => String, { description: 'one of your key ids (hex or colon pairs)' })
  declare keyId: string;
  @Field(() => Int, { description: 'Total IPTs (whole, >= bonusEach)' })
  declare bonusAmount: number;
  @Field(() => Int, { description: 'IPTs per Response (whole, >= 1)' })
  declare bonusEach: number;
  @Field(() => Int, { description: '0 draft, 1 publish (needs the funded escrow)' })
  declare status: number;
}
