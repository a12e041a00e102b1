// the statuses of every error code, which the contract checks and the OpenAPI document read
import './error-codes';
import { analysesRoutes } from '../modules/analyses/analyses.rest';
import { authRoutes } from '../modules/auth/auth.rest';
import { billingRoutes } from '../modules/billing/billing.rest';
import { consentRoutes } from '../modules/consent/consent.rest';
import { retentionRoutes } from '../modules/retention/retention.rest';
import { chainRoutes } from '../modules/chain/chain.rest';
import { datasetsRoutes } from '../modules/datasets/datasets.rest';
import { keysRoutes } from '../modules/keys/keys.rest';
import { notificationsRoutes } from '../modules/notifications/notifications.rest';
import { requestsRoutes } from '../modules/requests/requests.rest';
import { responseImageFileRoutes, responseImagesRoutes } from '../modules/response-images/response-images.rest';
import { exportsRoutes } from '../modules/responses/exports.rest';
import { fieldworkRoutes } from '../modules/fieldwork/fieldwork.rest';
import { phoneRoutes } from '../modules/responses/phone.rest';
import { responsesRoutes } from '../modules/responses/responses.rest';
import { roomsRoutes } from '../modules/rooms/rooms.rest';
import { runtimeConfigRoutes } from '../modules/runtime-config/runtime-config.rest';
import { avatarFileRoutes, usersRoutes } from '../modules/users/users.rest';
import { webhooksRoutes } from '../modules/webhooks/webhooks.rest';
import { collectionResponseJson } from '../../../shared/collection-response.schema';
import type { FileRoute, RestApi, RestRoute } from '../rest/registry';

/** Every REST route; the OpenAPI document is generated from this list. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...keysRoutes,
  ...notificationsRoutes,
  ...runtimeConfigRoutes,
  ...billingRoutes,
  ...requestsRoutes,
  ...responsesRoutes,
  ...phoneRoutes,
  ...consentRoutes,
  ...retentionRoutes,
  ...fieldworkRoutes,
  ...exportsRoutes,
  ...responseImagesRoutes,
  ...roomsRoutes,
  ...datasetsRoutes,
  ...analysesRoutes,
  ...chainRoutes,
  ...webhooksRoutes,
];

/** Every route that answers with a file rather than JSON; in the OpenAPI document too. */
export const fileRoutes: FileRoute[] = [...avatarFileRoutes, ...responseImageFileRoutes];

export const restApi: RestApi = {
  routes: restRoutes,
  fileRoutes,
  // what a ciphertext field holds once opened (its x-plaintext points here)
  schemas: { CollectionResponse: collectionResponseJson },
};
