import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { SurveyQuestion } from './survey-question.entity';

/**
 * One answer option of a question with the number of current answers choosing it. The counter
 * moves in the transaction that adds or withdraws an answer, so statistics read a handful of rows
 * however many answers exist.
 */
@Entity({ tableName: 'survey_options' })
@Unique({ properties: ['question', 'position'] })
@Unique({ properties: ['question', 'label'] })
@Check({ name: 'survey_options_counter_check', expression: 'counter >= 0' })
export class SurveyOption {
  [OptionalProps]?: 'counter';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => SurveyQuestion, { deleteRule: 'cascade' })
  question!: SurveyQuestion;

  @Property({ type: 'integer' })
  position!: number;

  // the choice text, or "1".."scale" for a star rating
  @Property({ type: 'string', length: 200 })
  label!: string;

  @Property({ type: 'integer' })
  counter: number = 0;
}
