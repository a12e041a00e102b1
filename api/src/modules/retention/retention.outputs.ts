import { z } from 'zod';
import { uuid } from '../../rest/wire';

export const retentionOut = z.strictObject({
  requestId: uuid,
  days: z.int().nullable().describe('each answer is deleted this many days after it is sent; null: no period chosen'),
  expiringSoon: z.int().min(0).describe('answers announced for deletion within a week, not yet deleted'),
  deleted: z.int().min(0).describe('answers the retention period has deleted so far'),
  withdrawn: z.int().min(0).describe('answers their participants withdrew or deleted (a deletion request) so far'),
});
