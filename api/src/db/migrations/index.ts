import { Migration20261122044445_initial } from './Migration20261122044445_initial';
import { Migration20261122051514_billing } from './Migration20261122051514_billing';
import { Migration20261122060326_requests } from './Migration20261122060326_requests';
import { Migration20261122075720_rooms } from './Migration20261122075720_rooms';
import { Migration20261122083938_room_invite_tokens } from './Migration20261122083938_room_invite_tokens';
import { Migration20261124032343_dataset_tables } from './Migration20261124032343_dataset_tables';
import { Migration20261125035516_analysis_rules } from './Migration20261125035516_analysis_rules';
import { Migration20261125050140_room_invitation_consent } from './Migration20261125050140_room_invitation_consent';
import { Migration20261125064227_credit_funded_requests } from './Migration20261125064227_credit_funded_requests';
import { Migration20261125064300_withdrawn_submissions } from './Migration20261125064300_withdrawn_submissions';
import { Migration20261125071614_webhooks } from './Migration20261125071614_webhooks';
import { Migration20261126112608_payout_review } from './Migration20261126112608_payout_review';
import { Migration20261126113857_users_credit_balance } from './Migration20261126113857_users_credit_balance';
import { Migration20261126174040_typed_dataset_cells } from './Migration20261126174040_typed_dataset_cells';
import { Migration20261128213830_clean_room_privacy } from './Migration20261128213830_clean_room_privacy';
import { Migration20261129002647_fieldwork } from './Migration20261129002647_fieldwork';
import { Migration20261129003118_consent_receipts_access_log } from './Migration20261129003118_consent_receipts_access_log';
import { Migration20261129005636_request_retention } from './Migration20261129005636_request_retention';
import { Migration20261129011939_response_images } from './Migration20261129011939_response_images';
import { Migration20261129002442_survey_question_types } from './Migration20261129002442_survey_question_types';
import { Migration20261129033958_submission_idempotency_key } from './Migration20261129033958_submission_idempotency_key';
import { Migration20261129034503_fieldwork_closed_and_wallet_top_ups } from './Migration20261129034503_fieldwork_closed_and_wallet_top_ups';
import { Migration20261129034510_access_log_image_downloads } from './Migration20261129034510_access_log_image_downloads';
import { Migration20261129034600_survey_languages } from './Migration20261129034600_survey_languages';
import { Migration20261129070000_fieldwork_outcome_idempotency_key } from './Migration20261129070000_fieldwork_outcome_idempotency_key';
import { Migration20261129100609_access_event_request_title } from './Migration20261129100609_access_event_request_title';

// Committed migrations in the order they run. Add new ones at the end (npm run db:migration -- name).
export const migrations = [
  Migration20261122044445_initial,
  Migration20261122051514_billing,
  Migration20261122060326_requests,
  Migration20261122075720_rooms,
  Migration20261122083938_room_invite_tokens,
  Migration20261124032343_dataset_tables,
  Migration20261125035516_analysis_rules,
  Migration20261125050140_room_invitation_consent,
  Migration20261125064227_credit_funded_requests,
  Migration20261125064300_withdrawn_submissions,
  Migration20261125071614_webhooks,
  Migration20261126112608_payout_review,
  Migration20261126113857_users_credit_balance,
  Migration20261126174040_typed_dataset_cells,
  Migration20261128213830_clean_room_privacy,
  Migration20261129002647_fieldwork,
  Migration20261129003118_consent_receipts_access_log,
  Migration20261129005636_request_retention,
  Migration20261129011939_response_images,
  Migration20261129002442_survey_question_types,
  Migration20261129033958_submission_idempotency_key,
  Migration20261129034503_fieldwork_closed_and_wallet_top_ups,
  Migration20261129034510_access_log_image_downloads,
  Migration20261129034600_survey_languages,
  Migration20261129070000_fieldwork_outcome_idempotency_key,
  Migration20261129100609_access_event_request_title,
];
