import { Migration } from '@mikro-orm/migrations';

// Room invitations are accepted or declined by the invitee (api/src/modules/rooms): an invitation
// no longer turns an existing account into a member by itself.

export class Migration20261125050140_room_invitation_consent extends Migration {
  override name = 'Migration20261125050140_room_invitation_consent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "vcr_invitations" add "declined_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "vcr_invitations" drop column "declined_at";`);
  }
}
