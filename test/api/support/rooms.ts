// Clean-room helpers for the API tests: each "browser" has a real P-256 key pair and does the
// client side of CRYPTO.md with the web app's own crypto module (WebCrypto, available in Node).
import { randomUUID } from 'node:crypto';
import { fromBase64, toBase64 } from '../../../web/src/crypto/bytes';
import { openCell, sealCell, type CellPlace } from '../../../web/src/crypto/cells';
import {
  deriveSealKey,
  deriveTokenKey,
  deriveWithheldKeyBytes,
  deriveWithheldSealKey,
  importColumnKey,
} from '../../../web/src/crypto/column-keys';
import {
  generateDatasetSecret,
  openColumnKey,
  openDatasetSecret,
  sealColumnKey,
  sealDatasetSecret,
} from '../../../web/src/crypto/dataset-secret';
import { exportPrivateKeyPem, exportPublicKeyPem, generateKeyPair } from '../../../web/src/crypto/keys';
import { generateRoomKey, openRoomKey, sealRoomKey } from '../../../web/src/crypto/room-key';
import { tokenize } from '../../../web/src/crypto/tokens';
import { createEncryptor, encryptRows as encryptPacked } from '../../../web/src/features/rooms/upload/encrypt-rows';
import { CHUNK_CONTENT_TYPE, encodeChunkBody } from '../../../shared/wire-format';
import { buildUser, type TestUser, type UserInput } from './factories';
import type { TestServer } from './server';

/** CSV rows [email, age, name] of people offset .. offset + n - 1. */
export const people = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => [
    `person${i + offset}@example.test`,
    String(20 + ((i + offset) % 50)),
    `Name ${i + offset}`,
  ]);

export type Browser = TestUser & { keyId: string; publicPem: string; privatePem: string };

export async function buildBrowser(server: TestServer, overrides: Partial<UserInput> = {}): Promise<Browser> {
  return browserOf(await buildUser(server, overrides));
}

/** A signed-in user's browser: a fresh P-256 key pair whose public half it registers. */
export async function browserOf(user: TestUser): Promise<Browser> {
  const pair = await generateKeyPair();
  const publicPem = await exportPublicKeyPem(pair.publicKey);
  const privatePem = await exportPrivateKeyPem(pair.privateKey);
  const res = await user.client.rest<{ id: string }>('POST', '/v1/auth/user/createkey', {
    title: 'room key',
    key: publicPem,
  });
  if (res.status !== 200) throw new Error(`createkey: ${JSON.stringify(res.body)}`);
  return { ...user, keyId: res.body.result!.id, publicPem, privatePem };
}

export type TestRoom = { id: string; roomKey: Uint8Array; keyVersion: number };

/** The room creation sequence: create room -> store the sealed key record. */
export async function createRoom(owner: Browser, name = 'Room'): Promise<TestRoom> {
  const created = await owner.client.rest<{ id: string }>('POST', '/v1/vcr/createRoom', { name });
  if (created.status !== 200) throw new Error(`createRoom: ${JSON.stringify(created.body)}`);
  const id = created.body.result!.id;
  const roomKey = generateRoomKey();
  const sealed = await sealRoomKey(owner.publicPem, roomKey, { roomId: id, userId: owner.id, keyVersion: 1 });
  const key = await owner.client.rest('POST', '/v1/vcr/createAesKey', {
    room_id: id,
    public_key_id: owner.keyId,
    encryptedSessionKey: sealed,
  });
  if (key.status !== 200) throw new Error(`createAesKey: ${JSON.stringify(key.body)}`);
  return { id, roomKey, keyVersion: 1 };
}

/** The invitee accepts the invitation to a room (the one pending for their address). */
export async function acceptInvitation(b: Browser, roomId: string): Promise<void> {
  const pending = await b.client.rest<{ invitation_id: string; room_id: string }[]>('GET', '/v1/vcr/getInvitations');
  const mine = pending.body.result?.find((i) => i.room_id === roomId);
  if (!mine) throw new Error(`no invitation to ${roomId}: ${JSON.stringify(pending.body)}`);
  const res = await b.client.rest('POST', '/v1/vcr/acceptInvitation', { invitation_id: mine.invitation_id });
  if (res.status !== 200) throw new Error(`acceptInvitation: ${JSON.stringify(res.body)}`);
}

/** Invite -> the guest accepts and chooses a key -> the owner seals the room key to it. */
export async function addGuest(owner: Browser, guest: Browser, room: TestRoom): Promise<void> {
  const add = await owner.client.rest('POST', '/v1/vcr/createRoomUsers', {
    room_id: room.id,
    recipients: [guest.email],
  });
  if (add.status !== 200) throw new Error(`createRoomUsers: ${JSON.stringify(add.body)}`);
  await acceptInvitation(guest, room.id);
  const choose = await guest.client.rest('POST', '/v1/vcr/createAesKey', {
    room_id: room.id,
    public_key_id: guest.keyId,
  });
  if (choose.status !== 200) throw new Error(`guest createAesKey: ${JSON.stringify(choose.body)}`);
  const pk = await owner.client.rest<{ key: string; public_key_id: string }>('GET', '/v1/vcr/getPublicKey', undefined, {
    room_id: room.id,
    user_id: guest.id,
  });
  const sealed = await sealRoomKey(pk.body.result!.key, room.roomKey, {
    roomId: room.id,
    userId: guest.id,
    keyVersion: room.keyVersion,
  });
  const seal = await owner.client.rest('POST', '/v1/vcr/updateAesKey', {
    room_id: room.id,
    user_id: guest.id,
    public_key_id: pk.body.result!.public_key_id,
    encryptedSessionKey: sealed,
  });
  if (seal.status !== 200) throw new Error(`updateAesKey: ${JSON.stringify(seal.body)}`);
}

/** What the browser does after loading its key record: open the room key with its private key. */
export async function openMyRoomKey(b: Browser, roomId: string, keyVersion = 1): Promise<Uint8Array> {
  const keys = await b.client.rest<{ user_id: string; aes_key: string; key_version: number }[]>(
    'GET',
    '/v1/vcr/getRoomKeysDetails',
    undefined,
    { room_id: roomId },
  );
  const mine = keys.body.result!.find((k) => k.user_id === b.id && k.key_version === keyVersion);
  if (!mine) throw new Error('no key record');
  return openRoomKey(b.privatePem, mine.aes_key, { roomId, userId: b.id, keyVersion });
}

export type Column = {
  name: string;
  role: 'clear' | 'join' | 'sealed';
  domain?: string;
  kind?: 'text' | 'email' | 'phone';
  // shared with partners (default false: sealed with the data set's own secret)
  shared?: boolean;
  // what partners may do with it (default: shared when shared, joinOnly for join keys, else private)
  partnerRole?: 'joinOnly' | 'dimension' | 'metric' | 'shared' | 'private';
  lower?: number;
  upper?: number;
};

/** The noise fields of an exact answer (an analysis of one's own sets, or without differential privacy). */
export const EXACT_ANSWER = { noisy: false, mechanism: null, epsilonSpent: 0, privacy: [] };
export const EXACT_OVERLAP = { ...EXACT_ANSWER, onlyAInterval: null, bothInterval: null, onlyBInterval: null };

/** A data set's analysis rule (the server's defaults: matches, k = 10). */
export type Rule = {
  partnerAccess?: 'matches' | 'aggregates' | 'full';
  minGroupSize?: number;
  // differential privacy (the server's default: on under matches and aggregates)
  differentialPrivacy?: boolean;
  privacyBudget?: number;
  queryCost?: number;
};

/** Whether the room key (shared columns, or every column under `full`) or the set's secret seals a column. */
const sealedWithRoomKey = (c: Column, rule: Rule) =>
  Boolean(c.shared) || c.partnerRole === 'shared' || rule.partnerAccess === 'full';

/**
 * Encrypts rows of plain values exactly as the room page does (tokens, sealed cells, clear cells):
 * shared columns with room-derived keys, the others with keys from the data set's `secret`.
 */
export async function encryptRows(
  room: TestRoom,
  datasetId: string,
  columns: Column[],
  rows: string[][],
  firstRow = 0,
  secret: Uint8Array | null = null,
  rule: Rule = {},
): Promise<unknown[][]> {
  const tokenKeys = new Map<string, CryptoKey>();
  const sealKeys = new Map<string, CryptoKey>();
  for (const c of columns) {
    if (c.role === 'join') {
      const domain = (c.domain ?? c.name).toLowerCase();
      if (!tokenKeys.has(domain)) tokenKeys.set(domain, await deriveTokenKey(room.roomKey, room.id, domain));
    }
    if (c.role === 'clear') continue;
    if (sealedWithRoomKey(c, rule))
      sealKeys.set(c.name, await deriveSealKey(room.roomKey, room.id, datasetId, c.name, 'encrypt'));
    else if (secret) sealKeys.set(c.name, await deriveWithheldSealKey(secret, room.id, datasetId, c.name, 'encrypt'));
    else throw new Error(`${c.name} is withheld: the data set's secret is needed`);
  }
  return Promise.all(
    rows.map(async (row, r) =>
      Promise.all(
        columns.map(async (c, i) => {
          const value = row[i];
          if (c.role === 'clear') return value === '' ? null : value;
          const place: CellPlace = {
            roomId: room.id,
            datasetId,
            column: c.name,
            rowNumber: firstRow + r,
            keyVersion: room.keyVersion,
          };
          const sealed = toBase64(await sealCell(sealKeys.get(c.name)!, value, place));
          if (c.role === 'sealed') return sealed;
          const token = await tokenize(tokenKeys.get((c.domain ?? c.name).toLowerCase())!, value, c.kind ?? 'text');
          return [token ? toBase64(token) : null, sealed];
        }),
      ),
    ),
  );
}

/**
 * Uploads a data set in chunks through REST; returns its id. `form` 'json': rows of base64 cells
 * (encryptRows above); 'packed': the room page's own encryptor making packed chunks (join and
 * sealed columns in the 32-byte padding bucket), sent base64 in a JSON body; 'binary': the same
 * chunks in binary bodies, as the web app sends them. Columns not shared are sealed with a fresh
 * data set secret, sealed to the uploader's key and sent with every chunk.
 */
export async function uploadDataset(
  b: Browser,
  room: TestRoom,
  name: string,
  columns: Column[],
  rows: string[][],
  chunkRows = 1000,
  form: 'json' | 'packed' | 'binary' = 'json',
  rule: Rule = {},
): Promise<string> {
  const datasetId = randomUUID();
  const withheld = columns.some((c) => c.role !== 'clear' && !sealedWithRoomKey(c, rule));
  const secret = withheld ? generateDatasetSecret() : null;
  const sealedSecret = secret
    ? {
        sealed_secret: await sealDatasetSecret(b.publicPem, secret, { roomId: room.id, datasetId, userId: b.id }),
        secret_key_id: b.keyId,
      }
    : {};
  const encryptor =
    form !== 'json'
      ? await createEncryptor({
          roomKey: room.roomKey,
          roomId: room.id,
          datasetId,
          keyVersion: room.keyVersion,
          emptyCells: 'null',
          datasetSecret: secret ?? undefined,
          columns: columns.map((c, source) => ({
            source,
            name: c.name,
            role: c.role,
            domain: (c.domain ?? c.name).toLowerCase(),
            kind: c.kind ?? 'text',
            padBucket: 32,
            shared: sealedWithRoomKey(c, rule),
          })),
        })
      : null;
  const chunkCount = Math.max(1, Math.ceil(rows.length / chunkRows));
  for (let c = 0; c < chunkCount; c++) {
    const slice = rows.slice(c * chunkRows, (c + 1) * chunkRows);
    const packed = encryptor && (await encryptPacked(encryptor, { firstRow: c * chunkRows, rows: slice })).packed;
    const cells = packed
      ? form === 'binary'
        ? {}
        : { packed: toBase64(packed) }
      : { encrypted: await encryptRows(room, datasetId, columns, slice, c * chunkRows, secret, rule) };
    const fields = {
      room_id: room.id,
      dataset_id: datasetId,
      campaign: name,
      header: encryptor ? columns.map((col) => (col.role === 'clear' ? col : { ...col, padBucket: 32 })) : columns,
      chunk_index: c,
      chunk_count: chunkCount,
      first_row: c * chunkRows,
      ...(rule.partnerAccess ? { partner_access: rule.partnerAccess } : {}),
      ...(rule.minGroupSize ? { min_group_size: rule.minGroupSize } : {}),
      ...(rule.differentialPrivacy !== undefined ? { differential_privacy: rule.differentialPrivacy } : {}),
      ...(rule.privacyBudget !== undefined ? { privacy_budget: rule.privacyBudget } : {}),
      ...(rule.queryCost !== undefined ? { query_cost: rule.queryCost } : {}),
      ...sealedSecret,
    };
    const res =
      packed && form === 'binary'
        ? await b.client.restBytes('/v1/vcr/uploadEncrypted', CHUNK_CONTENT_TYPE, encodeChunkBody(fields, packed))
        : await b.client.rest('POST', '/v1/vcr/uploadEncrypted', { ...fields, ...cells });
    if (res.status !== 200) throw new Error(`uploadEncrypted: ${JSON.stringify(res.body)}`);
  }
  return datasetId;
}

export type ColumnKey = { kind: 'secret' | 'grant'; envelope: string; publicKeyId: string };
export type ReportResult = {
  columns: {
    set: number;
    datasetId: string;
    name: string;
    role: string;
    keyVersion: number;
    sealing?: 'room' | 'dataset' | null;
    key?: ColumnKey | null;
  }[];
  rows: (number | string | null)[][];
  omitted?: { datasetId: string; column: string }[];
};

/**
 * Decrypts a report as the browser does: room-sealed cells open with keys from the room key; cells
 * sealed with a data set's secret with the key the report names for `reader` (its uploader's
 * secret, or a column key granted to them), opened with `reader`'s private key.
 */
export async function decryptReport(
  room: TestRoom,
  roomId: string,
  result: ReportResult,
  reader?: Browser,
): Promise<string[][]> {
  const sets = new Set(result.columns.map((c) => c.set)).size;
  const keys = new Map<string, CryptoKey>();
  for (const c of result.columns) {
    const id = `${c.datasetId}|${c.name}`;
    if (c.role === 'clear' || keys.has(id)) continue;
    if (c.sealing !== 'dataset') {
      keys.set(id, await deriveSealKey(room.roomKey, roomId, c.datasetId, c.name, 'decrypt'));
      continue;
    }
    if (!c.key || !reader) throw new Error(`no key for the withheld column ${c.name}`);
    const slot = { roomId, datasetId: c.datasetId, userId: reader.id };
    keys.set(
      id,
      c.key.kind === 'secret'
        ? await deriveWithheldSealKey(
            await openDatasetSecret(reader.privatePem, c.key.envelope, slot),
            roomId,
            c.datasetId,
            c.name,
            'decrypt',
          )
        : await importColumnKey(
            await openColumnKey(reader.privatePem, c.key.envelope, { ...slot, column: c.name }),
            'decrypt',
          ),
    );
  }
  return Promise.all(
    result.rows.map((row) =>
      Promise.all(
        result.columns.map(async (c, i) => {
          const cell = row[sets + i];
          if (cell === null) return '';
          if (c.role === 'clear') return String(cell);
          const bytes = fromBase64(String(cell))!;
          return openCell(keys.get(`${c.datasetId}|${c.name}`)!, bytes, {
            roomId,
            datasetId: c.datasetId,
            column: c.name,
            rowNumber: Number(row[c.set - 1]),
            keyVersion: c.keyVersion,
          });
        }),
      ),
    ),
  );
}

/** What the uploader's browser does: opens its data set's secret and derives a withheld column's key. */
export async function withheldColumnKey(uploader: Browser, room: TestRoom, datasetId: string, column: string) {
  const sets = await uploader.client.rest<{ id: string; sealedSecret: string | null }[]>(
    'GET',
    '/v1/vcr/getDataSets',
    undefined,
    { room_id: room.id },
  );
  const envelope = sets.body.result!.find((d) => d.id === datasetId)?.sealedSecret;
  if (!envelope) throw new Error('no sealed secret: not the uploader, or nothing withheld');
  const secret = await openDatasetSecret(uploader.privatePem, envelope, {
    roomId: room.id,
    datasetId,
    userId: uploader.id,
  });
  return deriveWithheldKeyBytes(secret, room.id, datasetId, column);
}

/** The uploader approving an access request: a withheld column's key sealed to the requester's room key. */
export async function sealColumnKeyFor(
  uploader: Browser,
  requester: Browser,
  room: TestRoom,
  datasetId: string,
  column: string,
) {
  const pk = await uploader.client.rest<{ key: string }>('GET', '/v1/vcr/getPublicKey', undefined, {
    room_id: room.id,
    user_id: requester.id,
  });
  const key = await withheldColumnKey(uploader, room, datasetId, column);
  return {
    column,
    sealed_key: await sealColumnKey(pk.body.result!.key, key, {
      roomId: room.id,
      datasetId,
      column,
      userId: requester.id,
    }),
  };
}

/** The uploader's room page sealing every column key its shared columns still need; how many it stored. */
export async function grantStandingKeys(uploader: Browser, room: TestRoom): Promise<number> {
  const todo = await uploader.client.rest<
    { datasetId: string; column: string; userId: string; publicKeyId: string; publicKey: string }[]
  >('GET', '/v1/vcr/getColumnKeysToSeal', undefined, { room_id: room.id });
  let stored = 0;
  for (const datasetId of new Set(todo.body.result!.map((k) => k.datasetId))) {
    const keys = await Promise.all(
      todo.body
        .result!.filter((k) => k.datasetId === datasetId)
        .map(async (k) => ({
          user_id: k.userId,
          column: k.column,
          public_key_id: k.publicKeyId,
          sealed_key: await sealColumnKey(k.publicKey, await withheldColumnKey(uploader, room, datasetId, k.column), {
            roomId: room.id,
            datasetId,
            column: k.column,
            userId: k.userId,
          }),
        })),
    );
    const res = await uploader.client.rest<{ stored: number }>('POST', '/v1/vcr/grantColumnKeys', {
      room_id: room.id,
      dataset_id: datasetId,
      column_keys: keys,
    });
    if (res.status !== 200) throw new Error(`grantColumnKeys: ${JSON.stringify(res.body)}`);
    stored += res.body.result!.stored;
  }
  return stored;
}
