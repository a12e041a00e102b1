import { analysesRoutes } from '../modules/analyses/analyses.rest';
import { authRoutes } from '../modules/auth/auth.rest';
import { billingRoutes } from '../modules/billing/billing.rest';
import { chainRoutes } from '../modules/chain/chain.rest';
import { datasetsRoutes } from '../modules/datasets/datasets.rest';
import { keysRoutes } from '../modules/keys/keys.rest';
import { notificationsRoutes } from '../modules/notifications/notifications.rest';
import { requestsRoutes } from '../modules/requests/requests.rest';
import { responseImagesRoutes } from '../modules/response-images/response-images.rest';
import { phoneRoutes } from '../modules/responses/phone.rest';
import { roomsRoutes } from '../modules/rooms/rooms.rest';
import { runtimeConfigRoutes } from '../modules/runtime-config/runtime-config.rest';
import { usersRoutes } from '../modules/users/users.rest';
import { webhooksRoutes } from '../modules/webhooks/webhooks.rest';
import type { RestRoute } from './registry';

/** Every REST route; the OpenAPI document is generated from this list. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...keysRoutes,
  ...notificationsRoutes,
  ...runtimeConfigRoutes,
  ...billingRoutes,
  ...requestsRoutes,
  ...phoneRoutes,
  ...responseImagesRoutes,
  ...roomsRoutes,
  ...datasetsRoutes,
  ...analysesRoutes,
  ...chainRoutes,
  ...webhooksRoutes,
];
