import { Entity, Index, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { SurveyOption } from './survey-option.entity';
import { surveyParent, type SurveySubmission } from './survey-question.entity';

/** One chosen option in one submission (a checkboxes answer is one row per ticked box). */
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
}
