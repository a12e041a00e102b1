// Clean-room helpers for the API tests: each "browser" has a real P-256 key pair and does the
// client side of CRYPTO.md with the web app's own crypto module (WebCrypto, available in Node).
import { randomUUID } from 'node:crypto';
import { fromBase64, toBase64 } from '../../../web/src/crypto/bytes';
import { openCell, sealCell, type CellPlace } from '../../../web/src/crypto/cells';
import { deriveSealKey, deriveTokenKey } from '../../../web/src/crypto/column-keys';
import { exportPrivateKeyPem, exportPublicKeyPem, generateKeyPair } from '../../../web/src/crypto/keys';
import { generateRoomKey, openRoomKey, sealRoomKey } from '../../../web/src/crypto/room-key';
import { tokenize } from '../../../web/src/crypto/tokens';
import { createEncryptor, encryptRows as encryptPacked } from '../../../web/src/features/rooms/upload/encrypt-rows';
import { buildUser, type TestUser } from './factories';
import type { TestServer } from './server';

/** CSV rows [email, age, name] of people offset .. offset + n - 1. */
export const people = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => [
    `person${i + offset}@example.test`,
    String(20 + ((i + offset) % 50)),
    `Name ${i + offset}`,
  ]);

export type Browser = TestUser & { keyId: string; publicPem: string; privatePem: string };

export async function buildBrowser(server: TestServer): Promise<Browser> {
  const user = await buildUser(server);
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

/** Invite -> guest chooses a key -> the owner seals the room key to it. */
export async function addGuest(owner: Browser, guest: Browser, room: TestRoom): Promise<void> {
  const add = await owner.client.rest('POST', '/v1/vcr/createRoomUsers', {
    room_id: room.id,
    recipients: [guest.email],
  });
  if (add.status !== 200) throw new Error(`createRoomUsers: ${JSON.stringify(add.body)}`);
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
};

/** Encrypts rows of plain values exactly as the room page does (tokens, sealed cells, clear cells). */
export async function encryptRows(
  room: TestRoom,
  datasetId: string,
  columns: Column[],
  rows: string[][],
  firstRow = 0,
): Promise<unknown[][]> {
  const tokenKeys = new Map<string, CryptoKey>();
  const sealKeys = new Map<string, CryptoKey>();
  for (const c of columns) {
    if (c.role === 'join') {
      const domain = (c.domain ?? c.name).toLowerCase();
      if (!tokenKeys.has(domain)) tokenKeys.set(domain, await deriveTokenKey(room.roomKey, room.id, domain));
    }
    if (c.role !== 'clear')
      sealKeys.set(c.name, await deriveSealKey(room.roomKey, room.id, datasetId, c.name, 'encrypt'));
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
 * (encryptRows above); 'packed': as the web app does, the room page's own encryptor making packed
 * chunks (join and sealed columns in the 32-byte padding bucket).
 */
export async function uploadDataset(
  b: Browser,
  room: TestRoom,
  name: string,
  columns: Column[],
  rows: string[][],
  chunkRows = 1000,
  form: 'json' | 'packed' = 'json',
): Promise<string> {
  const datasetId = randomUUID();
  const encryptor =
    form === 'packed'
      ? await createEncryptor({
          roomKey: room.roomKey,
          roomId: room.id,
          datasetId,
          keyVersion: room.keyVersion,
          emptyCells: 'null',
          columns: columns.map((c, source) => ({
            source,
            name: c.name,
            role: c.role,
            domain: (c.domain ?? c.name).toLowerCase(),
            kind: c.kind ?? 'text',
            padBucket: 32,
          })),
        })
      : null;
  const chunkCount = Math.max(1, Math.ceil(rows.length / chunkRows));
  for (let c = 0; c < chunkCount; c++) {
    const slice = rows.slice(c * chunkRows, (c + 1) * chunkRows);
    const cells = encryptor
      ? { packed: toBase64((await encryptPacked(encryptor, { firstRow: c * chunkRows, rows: slice })).packed) }
      : { encrypted: await encryptRows(room, datasetId, columns, slice, c * chunkRows) };
    const res = await b.client.rest('POST', '/v1/vcr/uploadEncrypted', {
      room_id: room.id,
      dataset_id: datasetId,
      campaign: name,
      header: encryptor ? columns.map((col) => (col.role === 'clear' ? col : { ...col, padBucket: 32 })) : columns,
      ...cells,
      chunk_index: c,
      chunk_count: chunkCount,
      first_row: c * chunkRows,
    });
    if (res.status !== 200) throw new Error(`uploadEncrypted: ${JSON.stringify(res.body)}`);
  }
  return datasetId;
}

export type ReportResult = {
  columns: { set: number; datasetId: string; name: string; role: string; keyVersion: number }[];
  rows: (number | string | null)[][];
};

/** Decrypts a report as the browser does: sealed cells open with the per-column keys. */
export async function decryptReport(room: TestRoom, roomId: string, result: ReportResult): Promise<string[][]> {
  const sets = new Set(result.columns.map((c) => c.set)).size;
  const keys = new Map<string, CryptoKey>();
  for (const c of result.columns) {
    if (c.role !== 'clear' && !keys.has(`${c.datasetId}|${c.name}`))
      keys.set(`${c.datasetId}|${c.name}`, await deriveSealKey(room.roomKey, roomId, c.datasetId, c.name, 'decrypt'));
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
