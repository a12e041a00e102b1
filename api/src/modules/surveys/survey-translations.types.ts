import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { LANGUAGE_CODES } from '../../../../shared/languages';

// The GraphQL shapes of a survey's languages (issue 30); the rules are in survey-translations.ts.
const CODE = `a BCP 47 code: ${LANGUAGE_CODES.join(', ')}`;

@ObjectType('QuestionTranslation', { description: "A question's texts in one of the survey's added languages" })
export class QuestionTranslationType {
  @Field(() => Int, { description: 'the question, by 0-based position' })
  question!: number;
  @Field(() => String, { description: CODE })
  language!: string;
  @Field(() => String, { nullable: true, description: 'the title (null: not translated yet)' })
  title!: string | null;
  @Field(() => [String], {
    nullable: true,
    description: 'the choices (matrix: columns) in order, as many as the question has ("": not translated yet)',
  })
  choices!: string[] | null;
  @Field(() => [String], { nullable: true, description: 'matrix: the rows in order, as many as the question has' })
  rows!: string[] | null;
  @Field(() => String, { nullable: true, description: 'number: the unit' })
  unit!: string | null;
}

@ObjectType('SurveyTranslation', { description: "A survey's title and description in one of its added languages" })
export class SurveyTranslationType {
  @Field(() => String, { description: CODE })
  language!: string;
  @Field(() => String, { nullable: true, description: 'the title (null: not translated yet)' })
  title!: string | null;
  @Field(() => String, { nullable: true, description: 'the description participants read (null: not translated yet)' })
  description!: string | null;
}

@InputType({
  description: "A question's texts in one of the survey's added languages; blank texts: not translated yet",
})
export class QuestionTranslationInput {
  @Field(() => String, { description: CODE })
  language!: string;
  @Field(() => String, { nullable: true, description: 'the title, at most 500 characters' })
  title?: string;
  @Field(() => [String], {
    nullable: true,
    description: 'the choices (matrix: columns) in order: exactly as many as the question has',
  })
  choices?: string[];
  @Field(() => [String], { nullable: true, description: 'matrix: the rows in order, exactly as many' })
  rows?: string[];
  @Field(() => String, { nullable: true, description: 'number: the unit, at most 20 characters' })
  unit?: string;
}

@InputType({ description: "A language added to a survey, with the survey's title and description in it" })
export class SurveyTranslationInput {
  @Field(() => String, { description: `${CODE}; not the survey's own language` })
  language!: string;
  @Field(() => String, { nullable: true, description: 'the title, at most 200 characters' })
  title?: string;
  @Field(() => String, { nullable: true, description: 'the description, at most 5000 characters' })
  description?: string;
}
