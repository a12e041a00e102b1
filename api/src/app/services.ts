import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { AccessLogService } from '../modules/access-log/access-log.service';
import { ConsentService } from '../modules/consent/consent.service';
import { RightsService } from '../modules/consent/rights.service';
import { RetentionService } from '../modules/retention/retention.service';
import { ReceiptSigner, DEV_CONSENT_SIGNING_KEY } from '../modules/consent/receipt-signer';
import { AccessService } from '../modules/analyses/access.service';
import { AnalysesService } from '../modules/analyses/analyses.service';
import { AuditService } from '../modules/analyses/audit.service';
import { ReportsService } from '../modules/analyses/reports.service';
import { ApiTokensService } from '../modules/api-tokens/api-tokens.service';
import { AuthService } from '../modules/auth/auth.service';
import { CreditService } from '../modules/billing/credit.service';
import { LedgerService } from '../modules/billing/ledger.service';
import { PurchasesService, type Gateway } from '../modules/billing/purchases.service';
import { SandboxGateway } from '../modules/billing/sandbox-gateway';
import { StripeGateway } from '../modules/billing/stripe-gateway';
import { WithdrawalsService } from '../modules/billing/withdrawals.service';
import { ChainService } from '../modules/chain/chain.service';
import { chainSetupFromConfig, type ChainSetup } from '../modules/chain/chain.settings';
import { TestFundsService } from '../modules/chain/test-funds';
import { TreasuryQueue } from '../modules/chain/treasury-queue';
import { dropRoomDatasetTables } from '../modules/datasets/dataset-tables';
import { DatasetsService } from '../modules/datasets/datasets.service';
import { JobQueue, type JobQueueOptions } from '../modules/jobs/job-queue';
import { KeysService } from '../modules/keys/keys.service';
import { MailService } from '../modules/mail/mail.service';
import { NotificationsService } from '../modules/notifications/notifications.service';
import { ParticipantsService } from '../modules/participants/participants.service';
import { FieldworkReviewRules } from '../modules/fieldwork/fieldwork-review';
import { FieldworkSubmissionService } from '../modules/fieldwork/fieldwork-submission.service';
import { FieldworkService } from '../modules/fieldwork/fieldwork.service';
import { PayoutsService } from '../modules/payouts/payouts.service';
import type { RandomSource } from '../modules/privacy/discrete-laplace';
import { PrivacyService } from '../modules/privacy/privacy.service';
import { DashboardService } from '../modules/requests/dashboard.service';
import { EscrowFundingService } from '../modules/requests/escrow-funding.service';
import { PublicRequestsService } from '../modules/responses/public-requests.service';
import { RequestsService } from '../modules/requests/requests.service';
import { ExportsService } from '../modules/responses/exports.service';
import { ResponsesService } from '../modules/responses/responses.service';
import { ReviewsService } from '../modules/responses/reviews.service';
import { SubmissionsService } from '../modules/responses/submissions.service';
import { ResponseImagesService } from '../modules/response-images/response-images.service';
import { RoomsService } from '../modules/rooms/rooms.service';
import { RuntimeConfigService } from '../modules/runtime-config/runtime-config.service';
import { createFileStorage } from '../modules/storage/create-file-storage';
import type { FileStorage } from '../modules/storage/file-storage';
import { SurveysService } from '../modules/surveys/surveys.service';
import { UsersService } from '../modules/users/users.service';
import { WebhooksService } from '../modules/webhooks/webhooks.service';

/** The service layer: the only place rules live. GraphQL resolvers and REST routes both call it. */
export type Services = {
  config: Config;
  jobs: JobQueue;
  mail: MailService;
  storage: FileStorage;
  auth: AuthService;
  users: UsersService;
  keys: KeysService;
  notifications: NotificationsService;
  apiTokens: ApiTokensService;
  chain: ChainService;
  ledger: LedgerService;
  credit: CreditService;
  purchases: PurchasesService;
  withdrawals: WithdrawalsService;
  runtimeConfig: RuntimeConfigService;
  testFunds: TestFundsService;
  surveys: SurveysService;
  payouts: PayoutsService;
  escrowFunding: EscrowFundingService;
  requests: RequestsService;
  dashboard: DashboardService;
  publicRequests: PublicRequestsService;
  submissions: SubmissionsService;
  responseImages: ResponseImagesService;
  responses: ResponsesService;
  exports: ExportsService;
  reviews: ReviewsService;
  rooms: RoomsService;
  datasets: DatasetsService;
  analyses: AnalysesService;
  privacy: PrivacyService;
  access: AccessService;
  audit: AuditService;
  reports: ReportsService;
  webhooks: WebhooksService;
  accessLog: AccessLogService;
  consent: ConsentService;
  rights: RightsService;
  retention: RetentionService;
  fieldwork: FieldworkService;
};

/** The clean rooms' services: rooms, their data sets, analyses under the rules, access and reports. */
function createCleanRoomServices(
  config: Config,
  mail: MailService,
  notifications: NotificationsService,
  credit: CreditService,
  ledger: LedgerService,
  webhooks: WebhooksService,
  noise?: RandomSource,
) {
  const rooms = new RoomsService(mail, config.publicUrl);
  // datasets sit above rooms: a room's deletion drops its data sets' own tables through this hook
  rooms.onDelete(dropRoomDatasetTables);
  const datasets = new DatasetsService(rooms);
  const audit = new AuditService(rooms);
  const privacy = new PrivacyService(noise);
  const analyses = new AnalysesService(rooms, datasets, audit, privacy);
  const access = new AccessService(rooms, datasets, analyses, audit, notifications, privacy);
  const reports = new ReportsService(rooms, datasets, analyses, access, audit, credit, ledger, privacy, webhooks);
  return { rooms, datasets, audit, privacy, analyses, access, reports };
}

/** The services that know no domain: jobs, mail, files, the chain and its treasury's nonces. */
function createPlatform(
  config: Config,
  log: FastifyBaseLogger,
  chainSetup: ChainSetup | undefined,
  jobOptions: JobQueueOptions,
) {
  const jobs = new JobQueue(jobOptions, log);
  const mail = new MailService({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const storage = createFileStorage(config, log);
  const chain = new ChainService(chainSetup ?? chainSetupFromConfig(config.chain), log);
  // every table holding treasury transactions signed before broadcast: they share one nonce sequence
  const treasury = new TreasuryQueue(chain, ['withdrawals', 'payouts', 'escrow_fundings']);
  return { jobs, mail, storage, chain, treasury };
}

/** What participants send and keep control of: submissions, receipts, retention and their rights. */
function createParticipantServices(
  config: Config,
  deps: {
    storage: FileStorage;
    accessLog: AccessLogService;
    surveys: SurveysService;
    participants: ParticipantsService;
    payouts: PayoutsService;
    webhooks: WebhooksService;
    requests: RequestsService;
  },
) {
  const { storage, accessLog, surveys, participants, payouts, webhooks, requests } = deps;
  const consent: ConsentService = new ConsentService(
    new ReceiptSigner(config.consentSigningKey?.reveal() ?? DEV_CONSENT_SIGNING_KEY),
    surveys,
    participants,
    accessLog,
    { url: config.publicUrl },
    // the request's keeping period, from the retention service built below (called only later)
    (em, request): ReturnType<RetentionService['periodOf']> => retention.periodOf(em, request),
  );
  const publicRequests = new PublicRequestsService(surveys, payouts);
  // deletes an answer's encrypted images with it (withdrawal, retention, deletion requests)
  const responseImages = new ResponseImagesService(storage, publicRequests, accessLog);
  // a deleted request's encrypted images go with it (the requests module sits below this one)
  requests.onDelete((tx, requestId) => responseImages.deleteOfRequest(tx, requestId));
  const submissions = new SubmissionsService(
    participants,
    surveys,
    payouts,
    new FieldworkSubmissionService(participants, payouts, webhooks),
    webhooks,
    [consent],
    (em, ref) => responseImages.deleteOf(em, ref.requestId, ref.deviceId),
  );
  const retention: RetentionService = new RetentionService(requests, submissions, accessLog, responseImages, webhooks);
  const rights = new RightsService(participants, submissions, accessLog);
  return { submissions, publicRequests, responseImages, retention, consent, rights };
}

/**
 * `chain`: settings of a chain the caller started (main.ts's local anvil); default: from config.
 * `jobs`: how this process runs the job queue (buildApp starts it once the database is open).
 * `noise`: the differential-privacy noise's uniform source; default crypto.randomInt.
 */
export function createServices(
  config: Config,
  log: FastifyBaseLogger,
  chainSetup?: ChainSetup,
  jobOptions: JobQueueOptions = { schedules: false, pollSeconds: 1, superviseSeconds: 10 },
  noise?: RandomSource,
): Services {
  const { jobs, mail, storage, chain, treasury } = createPlatform(config, log, chainSetup, jobOptions);
  const ledger = new LedgerService();
  const accessLog = new AccessLogService();
  const surveys = new SurveysService();
  const participants = new ParticipantsService();
  const webhooks = new WebhooksService(
    jobs,
    mail,
    { allowPrivate: config.webhooks.allowPrivate, publicUrl: config.publicUrl },
    log,
    accessLog,
  );
  const payouts = new PayoutsService(chain, treasury, log, jobs, webhooks, accessLog);
  const escrowFunding = new EscrowFundingService(ledger, chain, treasury, log);
  const requests = new RequestsService(surveys, payouts, chain, escrowFunding, log, webhooks, accessLog);
  const credit = new CreditService(ledger);
  const notifications = new NotificationsService();
  const cleanRooms = createCleanRoomServices(config, mail, notifications, credit, ledger, webhooks, noise);
  const { rooms } = cleanRooms;
  const responses = new ResponsesService(requests, payouts, accessLog);
  const participantSide = createParticipantServices(config, {
    storage,
    accessLog,
    surveys,
    participants,
    payouts,
    webhooks,
    requests,
  });
  const gateway: Gateway = config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway();
  const purchases = new PurchasesService(ledger, gateway, log);
  const withdrawals = new WithdrawalsService(ledger, chain, treasury, log, [
    (em) => requests.reconcileCreditPublishing(em),
  ]);
  const reviews = new ReviewsService(requests, payouts, responses, new FieldworkReviewRules());
  return {
    config,
    jobs,
    mail,
    storage,
    auth: new AuthService(config, mail, {
      pendingEmail: (em, token) => rooms.pendingInviteEmail(em, token),
      accept: (em, token, user) => rooms.acceptInviteToken(em, token, user),
    }),
    users: new UsersService(storage, config.avatarMaxBytes),
    keys: new KeysService(),
    notifications,
    apiTokens: new ApiTokensService(),
    chain,
    ledger,
    credit,
    purchases,
    withdrawals,
    runtimeConfig: new RuntimeConfigService(config, chain, purchases),
    testFunds: new TestFundsService(chain),
    surveys,
    payouts,
    escrowFunding,
    requests,
    dashboard: new DashboardService(),
    // submissions, public requests, response images, consent, rights, retention
    ...participantSide,
    responses,
    exports: new ExportsService(requests, responses, surveys),
    reviews,
    ...cleanRooms,
    webhooks,
    accessLog,
    fieldwork: new FieldworkService(requests, surveys, reviews, withdrawals, payouts, chain),
  };
}
