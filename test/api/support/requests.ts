import { Wallet } from 'ethers';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { RestResult } from './client';
import type { TestUser } from './factories';

export type KeyPair = { id: string; publicKeyPem: string; privateKeyPem: string };

/** A P-256 key pair registered for the user (the private half stays here, like in a browser). */
export async function buildKey(user: TestUser, title = 'Request key'): Promise<KeyPair> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const res = await user.client.rest<{ id: string }>('POST', '/v1/auth/user/createkey', { title, key: publicKeyPem });
  if (res.status !== 200) throw new Error(`createkey failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.result!.id, publicKeyPem, privateKeyPem };
}

export const randomAddress = () => Wallet.createRandom().address;

export type LegacyQuestion = {
  id: string;
  index: number;
  type: string;
  title: string;
  options: string[] | { scale: number; shape: string };
};

/** The legacy detail shape of /v1/request/get (and create/edit answers). */
export type LegacyRequest = {
  id: string;
  type: 'collection' | 'survey';
  type_name: string;
  title: string;
  desc: string;
  key: string;
  status: number;
  quality: string;
  access: string;
  bonus: string;
  bonus_amount: number;
  bonus_each: number;
  bonusAmount: number;
  questionCount: number | null;
  count_response: number;
  entity: Record<string, number | boolean>;
  data: LegacyQuestion[] | Record<string, boolean> | null;
  newchild: string | null;
  addressSigner: string | null;
  created: string;
  last_modified: string;
};

/** A collection create payload as the wizard sends it (legacy names). */
export const collectionBody = (key: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Sleep and activity study',
  description: 'Anonymous sleep and step counts for a public health study',
  key,
  bonus: 'eth',
  bonus_amount: '20',
  bonus_each: '2',
  quality: 'all',
  status: 0,
  access: 'Single Access',
  collectionData: { healthData: true, locationData: true, profileData: true, idData: false, personalImages: true },
  ...overrides,
});

export const SURVEY_QUESTIONS = [
  { type: 'radios', title: 'How often do you exercise?', options: ['Never', 'Weekly', 'Daily', ''] },
  { type: 'checkboxes', title: 'Which devices do you own?', options: ['Phone', 'Watch', 'Tablet'] },
  { type: 'dropdown', title: 'Age band', options: ['18-24', '25-34', '35-44', '45+'] },
  { type: 'stars', title: 'Rate the app', options: { scale: 5, shape: 'heart' } },
];

/** A survey create payload as the wizard sends it (legacy names, data = questions). */
export const surveyBody = (key: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Fitness habits',
  description: 'Five quick questions',
  key,
  bonus: 'eth',
  bonus_amount: 30,
  bonus_each: 3,
  quality: 'high',
  status: 0,
  access: 'Multiple Access',
  data: SURVEY_QUESTIONS,
  ...overrides,
});

/** Publishing without a chain: the server accepts the escrow unverified (README). */
export const unverifiedEscrow = () => ({ status: 1, newchild: randomAddress(), address: randomAddress() });

export async function createRequest(user: TestUser, body: Record<string, unknown>): Promise<LegacyRequest> {
  const res = await user.client.rest<LegacyRequest>('POST', '/v1/request/create', body);
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.result!;
}

export const newDevice = () => `device-${randomUUID()}`;

export function expectError(res: RestResult, status: number, code: string) {
  if (res.status !== status || res.body.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}
