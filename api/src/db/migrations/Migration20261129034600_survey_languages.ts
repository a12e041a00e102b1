import { Migration } from '@mikro-orm/migrations';

export class Migration20261129034600_survey_languages extends Migration {
  override name = 'Migration20261129034600_survey_languages';

  override up(): void | Promise<void> {
    this.addSql(`alter table "requests" add "language" varchar(16) null, add "translations" jsonb null;`);

    this.addSql(`alter table "survey_questions" add "translations" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "requests" drop column "language", drop column "translations";`);

    this.addSql(`alter table "survey_questions" drop column "translations";`);
  }
}
