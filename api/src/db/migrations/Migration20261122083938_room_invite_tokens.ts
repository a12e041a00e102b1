import { Migration } from '@mikro-orm/migrations';

export class Migration20261122083938_room_invite_tokens extends Migration {
  override name = 'Migration20261122083938_room_invite_tokens';

  override up(): void | Promise<void> {
    this.addSql(`alter table "vcr_invitations" add "token_hash" varchar(64) null;`);
    this.addSql(
      `alter table "vcr_invitations" add constraint "vcr_invitations_token_hash_unique" unique ("token_hash");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "vcr_invitations" drop constraint "vcr_invitations_token_hash_unique";`);
    this.addSql(`alter table "vcr_invitations" drop column "token_hash";`);
  }
}
