import { AccessEvent } from '../modules/access-log/access-event.entity';
import { ConsentReceipt } from '../modules/consent/receipt.entity';
import { RequestRetention, RetentionNotice } from '../modules/retention/retention.entity';
import { ResponseImage } from '../modules/response-images/response-image.entity';
import { AccessRequest, ColumnGrant } from '../modules/analyses/access-request.entity';
import { AuditEvent } from '../modules/analyses/audit-event.entity';
import { Report } from '../modules/analyses/report.entity';
import { ApiToken } from '../modules/api-tokens/api-token.entity';
import { WebhookDelivery, WebhookEndpoint } from '../modules/webhooks/webhook.entities';
import {
  AttentionCheck,
  FieldworkOutcome,
  FieldworkSettings,
  Quota,
  QuotaMember,
  Screener,
  SubmissionFlags,
  TopUp,
} from '../modules/fieldwork/fieldwork.entity';
import { EmailVerification } from '../modules/auth/email-verification.entity';
import { RateLimitHit } from '../shared/rate-limit-hit.entity';
import { Session } from '../modules/auth/session.entity';
import { CreditEntry } from '../modules/billing/credit-entry.entity';
import { Purchase } from '../modules/billing/purchase.entity';
import { Withdrawal } from '../modules/billing/withdrawal.entity';
import { Dataset, UploadChunk } from '../modules/datasets/dataset.entity';
import { Key } from '../modules/keys/key.entity';
import { OutboxMail } from '../modules/mail/outbox-mail.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { Participant } from '../modules/participants/participant.entity';
import { AnswerFootprint, PrivacySpend } from '../modules/privacy/privacy.entity';
import { Payout } from '../modules/payouts/payout.entity';
import { EscrowFunding } from '../modules/requests/escrow-funding.entity';
import { DataRequest } from '../modules/requests/request.entity';
import { Submission, WithdrawnSubmission } from '../modules/responses/submission.entity';
import { SurveyAnswer } from '../modules/surveys/survey-answer.entity';
import { SurveyOption } from '../modules/surveys/survey-option.entity';
import { bindSurveyParents, SurveyQuestion } from '../modules/surveys/survey-question.entity';
import { Room, RoomInvitation, RoomKey, RoomMember } from '../modules/rooms/room.entity';
import { User } from '../modules/users/user.entity';

// surveys sit below requests and responses in the module order: their rows' parents are bound here
bindSurveyParents({ request: DataRequest, submission: Submission });

// Every entity, listed explicitly: no folder scanning, so tsx, vitest and builds see the same set.
export const entities = [
  User,
  Session,
  EmailVerification,
  RateLimitHit,
  Key,
  Notification,
  ApiToken,
  WebhookEndpoint,
  WebhookDelivery,
  OutboxMail,
  CreditEntry,
  Purchase,
  Withdrawal,
  DataRequest,
  SurveyQuestion,
  SurveyOption,
  Participant,
  Submission,
  WithdrawnSubmission,
  SurveyAnswer,
  Payout,
  EscrowFunding,
  FieldworkSettings,
  Screener,
  Quota,
  QuotaMember,
  AttentionCheck,
  FieldworkOutcome,
  SubmissionFlags,
  TopUp,
  Room,
  RoomMember,
  RoomKey,
  RoomInvitation,
  Dataset,
  PrivacySpend,
  AnswerFootprint,
  UploadChunk,
  Report,
  AccessRequest,
  ColumnGrant,
  AuditEvent,
  AccessEvent,
  ConsentReceipt,
  RequestRetention,
  RetentionNotice,
  ResponseImage,
];
