// Compile-time check that the services the root builds (services.ts) include every service each
// resolver and REST file declares in its Ctx: a renamed or missing one fails `tsc`, not a request.
import type { Services } from './services';
import type { Ctx as AnalysesResolver } from '../modules/analyses/analyses.resolver';
import type { Ctx as AnalysesRest } from '../modules/analyses/analyses.rest';
import type { Ctx as ApiTokensResolver } from '../modules/api-tokens/api-tokens.resolver';
import type { Ctx as AuthResolver } from '../modules/auth/auth.resolver';
import type { Ctx as AuthRest } from '../modules/auth/auth.rest';
import type { Ctx as BillingRest } from '../modules/billing/billing.rest';
import type { Ctx as CreditResolver } from '../modules/billing/credit.resolver';
import type { Ctx as PurchasesResolver } from '../modules/billing/purchases.resolver';
import type { Ctx as WithdrawalsResolver } from '../modules/billing/withdrawals.resolver';
import type { Ctx as ChainRest } from '../modules/chain/chain.rest';
import type { Ctx as DatasetsResolver } from '../modules/datasets/datasets.resolver';
import type { Ctx as DatasetsRest } from '../modules/datasets/datasets.rest';
import type { Ctx as FieldworkResolver } from '../modules/fieldwork/fieldwork.resolver';
import type { Ctx as FieldworkRest } from '../modules/fieldwork/fieldwork.rest';
import type { Ctx as KeysResolver } from '../modules/keys/keys.resolver';
import type { Ctx as KeysRest } from '../modules/keys/keys.rest';
import type { Ctx as NotificationsResolver } from '../modules/notifications/notifications.resolver';
import type { Ctx as NotificationsRest } from '../modules/notifications/notifications.rest';
import type { Ctx as RequestsResolver } from '../modules/requests/requests.resolver';
import type { Ctx as RequestsRest } from '../modules/requests/requests.rest';
import type { Ctx as ResponseImagesRest } from '../modules/response-images/response-images.rest';
import type { Ctx as PhoneRest } from '../modules/responses/phone.rest';
import type { Ctx as ExportsResolver } from '../modules/responses/exports.resolver';
import type { Ctx as ExportsRest } from '../modules/responses/exports.rest';
import type { Ctx as ResponsesResolver } from '../modules/responses/responses.resolver';
import type { Ctx as ResponsesRest } from '../modules/responses/responses.rest';
import type { Ctx as RoomsResolver } from '../modules/rooms/rooms.resolver';
import type { Ctx as RoomsRest } from '../modules/rooms/rooms.rest';
import type { Ctx as RuntimeConfigResolver } from '../modules/runtime-config/runtime-config.resolver';
import type { Ctx as RuntimeConfigRest } from '../modules/runtime-config/runtime-config.rest';
import type { Ctx as UsersResolver } from '../modules/users/users.resolver';
import type { Ctx as UsersRest } from '../modules/users/users.rest';
import type { Ctx as WebhooksResolver } from '../modules/webhooks/webhooks.resolver';
import type { Ctx as WebhooksRest } from '../modules/webhooks/webhooks.rest';

type Provides<C extends { services: object }> = Services extends C['services'] ? true : false;
type Holds<T extends true> = T;

export type Wiring = [
  Holds<Provides<AnalysesResolver>>,
  Holds<Provides<AnalysesRest>>,
  Holds<Provides<ApiTokensResolver>>,
  Holds<Provides<AuthResolver>>,
  Holds<Provides<AuthRest>>,
  Holds<Provides<BillingRest>>,
  Holds<Provides<CreditResolver>>,
  Holds<Provides<PurchasesResolver>>,
  Holds<Provides<WithdrawalsResolver>>,
  Holds<Provides<ChainRest>>,
  Holds<Provides<DatasetsResolver>>,
  Holds<Provides<DatasetsRest>>,
  Holds<Provides<FieldworkResolver>>,
  Holds<Provides<FieldworkRest>>,
  Holds<Provides<KeysResolver>>,
  Holds<Provides<KeysRest>>,
  Holds<Provides<NotificationsResolver>>,
  Holds<Provides<NotificationsRest>>,
  Holds<Provides<RequestsResolver>>,
  Holds<Provides<RequestsRest>>,
  Holds<Provides<ResponseImagesRest>>,
  Holds<Provides<PhoneRest>>,
  Holds<Provides<ExportsResolver>>,
  Holds<Provides<ExportsRest>>,
  Holds<Provides<ResponsesResolver>>,
  Holds<Provides<ResponsesRest>>,
  Holds<Provides<RoomsResolver>>,
  Holds<Provides<RoomsRest>>,
  Holds<Provides<RuntimeConfigResolver>>,
  Holds<Provides<RuntimeConfigRest>>,
  Holds<Provides<UsersResolver>>,
  Holds<Provides<UsersRest>>,
  Holds<Provides<WebhooksResolver>>,
  Holds<Provides<WebhooksRest>>,
];
