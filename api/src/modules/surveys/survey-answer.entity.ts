import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { SurveyOption } from './survey-option.entity';
import { surveyParent, type SurveySubmission } from './survey-question.entity';

/** One chosen option in one submission (a checkboxes answer is one row per ticked box; a ranking
 * answer one row per option with its rank). */
@Entity({ tableName: 'survey_answers' })
@Unique({ properties: ['submission', 'option'] })
export class SurveyAnswer {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(surveyParent('submission'), { deleteRule: 'cascade' })
  submission!: SurveySubmission;

  @ManyToOne(() => SurveyOption, { deleteRule: 'cascade' })
  @Index()
  option!: SurveyOption;

  // a ranking answer: the place (1 = first) the participant gave this option; null otherwise
  @Property({ type: 'smallint', nullable: true })
  rank?: number | null = null;
}
