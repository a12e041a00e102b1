// npm run seed -- [--url http://localhost:3000] [--username demo] [--password demo1234]
// Fills a fresh install with a demo requester, a key pair, published and draft requests (each
// published one with a funded escrow on the local chain) and simulated phone responses. Works
// through the running server's APIs, like a browser and phones would (docs/guide/demo-data.md).
import { Wallet } from 'ethers';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { attachContract, createProvider, devAccounts, toRequestId } from './chain/anvil';
import { DEMO_REQUESTS, type DemoRequest } from './seed/demo-content';
import { simulateParticipants } from './simulate/simulate';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    username: { type: 'string', default: 'demo' },
    password: { type: 'string', default: 'demo1234' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? '.data' },
  },
});
const base = values.url.replace(/\/$/, '');
let cookie = '';

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(base + route, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.get('set-cookie');
  if (set) cookie = set.split(';')[0];
  const json = (await res.json().catch(() => ({}))) as { result?: T; error?: { message: string } };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.error?.message ?? ''}`);
  return json.result as T;
}

/** Logs in, registering (and verifying through the dev outbox) on a fresh install. */
async function signIn(username: string, password: string) {
  const email = `${username}@parley.local`;
  try {
    await api('POST', '/v1/auth/register', { username, email, password });
    const mails = await api<{ text: string }[]>('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!token) throw new Error('no verification mail in the dev outbox (is SMTP_URL set?)');
    await api('POST', '/v1/auth/verifyEmail', { token });
    console.log(`registered ${username} (${email})`);
  } catch (err) {
    if (!String(err).includes('409')) throw err; // already there from an earlier run
  }
  await api('POST', '/v1/auth/login', { username, password });
}

type ChainInfo = {
  chainId: number | null;
  rpcUrl: string | null;
  iptTokenAddress: string | null;
  escrowFactoryAddress: string | null;
  chainError: string | null;
};

/** The browser wallet's part of publishing: approve the factory, create and fund the escrow. */
async function fundEscrow(chain: ChainInfo, wallet: Wallet, requestId: string, r: DemoRequest): Promise<string> {
  const token = attachContract('IPTToken', chain.iptTokenAddress!, wallet);
  const factory = attachContract('EscrowFactory', chain.escrowFactoryAddress!, wallet);
  await (await token.getFunction('approve')(chain.escrowFactoryAddress, r.bonusAmount)).wait();
  await (await factory.getFunction('createEscrow')(toRequestId(requestId), r.bonusAmount, r.bonusEach)).wait();
  return (await factory.getFunction('escrowOf')(toRequestId(requestId))) as string;
}

async function main() {
  await signIn(values.username, values.password);

  // a key pair as the settings page makes one; the private half goes to a file to load in the browser
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const key = await api<{ id: string }>('POST', '/v1/auth/user/createkey', {
    title: 'Demo request key',
    key: publicPem,
  });
  const keyDir = path.resolve(values['data-dir'], 'seed', `${values.username}-${key.id}`);
  mkdirSync(keyDir, { recursive: true });
  writeFileSync(path.join(keyDir, 'publicKey.pem'), publicPem);
  writeFileSync(path.join(keyDir, 'privateKey.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
    mode: 0o600,
  });

  const chain = await api<ChainInfo>('GET', '/v1/config');
  const local = chain.chainId === 31337 && chain.rpcUrl && chain.escrowFactoryAddress && chain.iptTokenAddress;
  if (!local) console.warn(`No local chain (${chain.chainError ?? `chain ${chain.chainId}`}): saving drafts only.`);
  const provider = local ? createProvider(chain.rpcUrl!, chain.chainId!) : null;
  // anvil's dev account 1 plays the requester's browser wallet (account 0 is the treasury)
  const wallet = provider ? new Wallet(devAccounts(2)[1].privateKey, provider) : null;

  let responses = 0;
  try {
    for (const r of DEMO_REQUESTS) {
      const id = randomUUID();
      const publish = r.publish && wallet !== null;
      const escrow = publish ? await fundEscrow(chain, wallet, id, r) : null;
      await api('POST', '/v1/request/create', {
        id,
        type: r.type,
        title: r.title,
        description: r.description,
        key: key.id,
        bonus: 'eth',
        bonus_amount: r.bonusAmount,
        bonus_each: r.bonusEach,
        quality: r.quality,
        access: r.access,
        status: publish ? 1 : 0,
        ...(escrow ? { newchild: escrow, address: wallet!.address } : {}),
        ...(r.type === 'collection' ? { collectionData: r.options } : { data: r.questions }),
      });
      let line = `${publish ? 'published' : 'draft    '} ${r.type.padEnd(10)} ${r.title}`;
      if (publish && r.respondents) {
        const summary = await simulateParticipants({
          url: base,
          requestId: id,
          count: r.respondents,
          seed: r.title.length,
          waitForPayoutsMs: 30_000,
        });
        responses += summary.accepted.length;
        line += `: ${summary.accepted.length} responses, payouts ${JSON.stringify(summary.payouts)}`;
      }
      console.log(line);
    }
  } finally {
    provider?.destroy();
  }
  console.log(`\n${DEMO_REQUESTS.length} requests, ${responses} responses.`);
  console.log(`Log in at ${base} as ${values.username} / ${values.password}.`);
  console.log(`To read the collection responses, load this key pair in Settings > Load Key Pair:`);
  console.log(`  ${keyDir}/publicKey.pem and privateKey.pem`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
