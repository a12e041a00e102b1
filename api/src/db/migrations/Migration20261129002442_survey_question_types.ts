import { Migration } from '@mikro-orm/migrations';

export class Migration20261129002442_survey_question_types extends Migration {
  override name = 'Migration20261129002442_survey_question_types';

  override up(): void | Promise<void> {
    this.addSql(`alter table "survey_questions" drop constraint "survey_questions_type_check";`);
    this.addSql(`alter table "survey_questions" add "settings" jsonb null;`);
    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_type_check" check (type in ('dropdown', 'radios', 'checkboxes', 'stars', 'short_text', 'long_text', 'number', 'date', 'nps', 'matrix', 'ranking'));`,
    );

    this.addSql(`alter table "submissions" add "presented" jsonb null;`);

    this.addSql(`alter table "survey_answers" add "rank" smallint null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "submissions" drop column "presented";`);

    this.addSql(`alter table "survey_answers" drop column "rank";`);

    this.addSql(`alter table "survey_questions" drop constraint "survey_questions_type_check";`);
    // the old check cannot hold questions of the newer types: going down drops them
    this.addSql(`delete from "survey_questions" where "type" not in ('dropdown', 'radios', 'checkboxes', 'stars');`);
    this.addSql(`alter table "survey_questions" drop column "settings";`);
    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_type_check" check ("type" in ('dropdown', 'radios', 'checkboxes', 'stars'));`,
    );
  }
}
