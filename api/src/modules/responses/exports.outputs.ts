// What the export REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, uuid } from '../../rest/wire';
import { COLLECTION_PLAINTEXT } from '../../../../shared/collection-response.schema';

export const exportTableOut = z.strictObject({
  columns: z.array(z.string()).describe("the columns, as the web app's CSV header names them"),
  count: count.describe('rows in all (responses, or question options for statistics), whatever offset and limit'),
  offset: count.describe('the rows skipped before the first one here'),
  rows: z
    .array(z.array(z.string()).describe("one row's cells, in column order"))
    .describe('the rows: the CSV cells before CSV quoting (no apostrophe before =, +, - or @)'),
});

export const sealedRecordOut = z.strictObject({
  id: uuid.describe('the response'),
  memberId: z.string().describe("the participant's stable member id (the Member ID column)"),
  createdAt: isoDate.describe('when the server stored it (the Submitted column)'),
  encryptedData: z
    .string()
    .nullable()
    .meta({
      description:
        'aesgcm1.<base64 of the 12-byte IV || AES-256-GCM ciphertext and tag>, AAD "response-data|<requestId>"; the plaintext is a CollectionResponse (x-plaintext)',
      ...COLLECTION_PLAINTEXT,
    }),
  sealedKey: z
    .string()
    .nullable()
    .describe('hpke1.<base64 of enc || the sealed 32-byte data key>, info "response-key|<requestId>"'),
});

export const collectionRecordsOut = z.strictObject({
  request: z
    .strictObject({
      id: uuid.describe('the request'),
      title: z.string().describe('its title'),
      keyId: z.string().describe('the request key the responses are sealed to (its private half opens them)'),
    })
    .describe('the request the records belong to'),
  count: count.describe('responses in all'),
  offset: count.describe('the responses skipped before the first record here'),
  records: z.array(sealedRecordOut).describe('the sealed responses, oldest first'),
});
