// What the notification REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { isoDate, uuid } from '../../rest/wire';

export const notificationOut = z.strictObject({
  id: uuid,
  notification: z.string().describe('the text'),
  createdAt: isoDate,
});
