import path from 'node:path';
import { isIP } from 'node:net';
import { inspect } from 'node:util';
import { z } from 'zod';

// Every environment variable the server reads is parsed here, once. Boot fails listing all bad ones.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

// Each variable's `description` (and `unset`: what leaving it unset means, when that is not plain
// "unset") is the configuration table operators read: `npm run docs:config` writes it into
// docs/operations/configuration.md, and a test fails while one is missing or the table is stale.
declare module 'zod' {
  interface GlobalMeta {
    unset?: string;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development').meta({
    description:
      '`production` turns on Secure cookies, hides error details, turns off the dev outbox route, and turns off GraphQL introspection and suggestions unless they are configured on',
  }),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .meta({ description: 'HTTP port for the app, GraphQL and REST' }),
  HOST: z.string().min(1).default('127.0.0.1').meta({
    description:
      'interface to bind (`0.0.0.0` to expose it); the loopback by default, so a dev machine does not expose the server',
  }),
  PUBLIC_URL: z
    .url()
    .optional()
    .meta({ description: 'public base URL used in e-mail links', unset: '`http://localhost:$PORT`' }),
  DATABASE_URL: z.url().optional().meta({
    description:
      'a PostgreSQL server, e.g. `postgres://user:pass@db:5432/parley`; unset: an embedded PostgreSQL (PGlite) keeps the data under `DATA_DIR`',
    unset: 'embedded',
  }),
  DATA_DIR: z.string().min(1).default('.data').meta({
    description:
      'folder for the embedded database, uploads (unless an object store is configured: `S3_*`) and the local chain state (`chain/`)',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ description: 'pino log level; cookies, tokens and passwords are redacted' }),
  SMTP_URL: z.url().optional().meta({
    description:
      'SMTP connection URL, e.g. `smtp://user:pass@smtp.example.com:587`; mail is then delivered with retries. Unset: mail goes to the readable dev outbox',
    unset: 'dev outbox',
  }),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Parley <no-reply@parley.local>')
    .meta({ description: 'sender address of outgoing mail' }),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    // at least 20 hours: a session that ends sooner would need a warning and a way to extend it
    // (WCAG 2.2.1; docs/accessibility.md)
    .min(20)
    .max(24 * 90)
    .default(24 * 14)
    .meta({ description: 'how long a login session lasts, in hours' }),
  COOKIE_SECURE: bool.optional().meta({ description: 'force the Secure cookie flag', unset: '`true` in production' }),
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(2 * 1024 * 1024)
    .meta({ description: 'largest accepted avatar image, in bytes' }),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5).meta({
    description:
      'failed logins per account and client address before each further attempt waits (1 s, doubling); see login throttling',
  }),
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .meta({ description: 'how long a failed login counts, in minutes' }),
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(4 * 1024 * 1024)
    .default(19_456)
    .meta({
      description:
        "argon2id cost of a password hash: the memory it takes, in KiB (OWASP's baseline: 19 MiB); production refuses less than the default. Tests lower it: hashing at full cost was a large share of their time",
    }),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(2).meta({
    description:
      "argon2id cost of a password hash: passes over its memory (OWASP's baseline: 2); production refuses less than the default",
  }),
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30).meta({
    description: 'first wait before a failed webhook delivery is retried, in seconds (then doubling to 6 hours)',
  }),
  LOGIN_MAX_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15)
    .meta({ description: 'the longest wait between login attempts once the delays have grown, in minutes' }),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): boolean | string => {
      const flag = bool.safeParse(v);
      if (flag.success) return flag.data;
      const parts = v.split(',').map((p) => p.trim());
      const valid = parts.every((p) => {
        const [ip, bits, ...rest] = p.split('/');
        const family = isIP(ip);
        const max = family === 4 ? 32 : 128;
        return family > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max));
      });
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, or proxy addresses/CIDR ranges separated by commas',
        });
        return z.NEVER;
      }
      return parts.join(',');
    })
    .meta({
      description:
        "behind a reverse proxy, where the client's address comes from `X-Forwarded-For`: the proxies' addresses or CIDR ranges, comma separated (the client is the header's last address that is not one of them: safe with a proxy that appends), or `true` (the header's first address: only with a proxy that replaces the header); `false`: the connection's address",
    }),
  GRAPHQL_MAX_DEPTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(10)
    .meta({ description: 'GraphQL: the deepest selection a query may make (introspection counts too)' }),
  GRAPHQL_MAX_ALIASES: z.coerce
    .number()
    .int()
    .min(0)
    .max(500)
    .default(20)
    .meta({ description: 'GraphQL: the most aliases a query may use' }),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(2000).meta({
    description: "GraphQL: the highest cost a query may have (its fields, a list's children counted 10 times)",
  }),
  GRAPHQL_INTROSPECTION: bool.optional().meta({
    description: 'answer introspection (`__schema`, `__type`)',
    unset: '`true` outside production, `false` in production',
  }),
  GRAPHQL_EXPLORER: bool.optional().meta({
    description:
      "serve the GraphQL explorer (GraphiQL, from this server) to a browser opening `/graphql`; it queries as the browser's logged-in user",
    unset: '`true` outside production, `false` in production',
  }),
  GRAPHQL_FIELD_SUGGESTIONS: bool.optional().meta({
    description: '"Did you mean ...?" suggestions in GraphQL validation errors',
    unset: '`true` outside production, `false` in production',
  }),
  WEB_DIST: z
    .string()
    .default('web/dist')
    .meta({ description: 'folder with the built web app served at `/`; without a build there the server is API only' }),
  CHAIN_RPC_URL: z.url().optional().meta({
    description:
      'JSON-RPC URL of the chain holding IPT; unset: `npm start` runs anvil (port 8545 if free) with its state under `DATA_DIR/chain`',
    unset: 'local anvil',
  }),
  CHAIN_PUBLIC_RPC_URL: z.url().optional().meta({
    description: 'JSON-RPC URL handed to browsers (`GET /v1/config`); set it when `CHAIN_RPC_URL` carries an API key',
    unset: '`CHAIN_RPC_URL`',
  }),
  CHAIN_ID: z.coerce.number().int().min(1).optional().meta({
    description:
      "expected chain id, checked against `CHAIN_RPC_URL`'s node: a mismatch turns chain features off with the reason; for the local anvil, the id it runs with",
    unset: "the node's (`31337` local)",
  }),
  IPT_TOKEN_ADDRESS: address.optional().meta({
    description: 'IPT token contract address; required with `CHAIN_RPC_URL` (the local chain writes its own)',
    unset: 'local: deployed',
  }),
  ESCROW_FACTORY_ADDRESS: address.optional().meta({
    description: 'escrow factory contract address; required with `CHAIN_RPC_URL` (the local chain writes its own)',
    unset: 'local: deployed',
  }),
  TREASURY_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional()
    .meta({
      description:
        'platform key that pays participants and moves purchased credit on-chain; never logged. On a real chain, unset turns withdrawals off',
      unset: 'local: anvil dev key 0',
    }),
  CONSENT_SIGNING_KEY: z
    .string()
    .includes('BEGIN PRIVATE KEY', { message: 'must be a PKCS#8 PEM private key (P-256)' })
    .optional()
    .meta({
      description:
        "P-256 private key (PKCS#8 PEM, `\\n` for line breaks allowed) that signs participants' consent receipts; its public half is published at `/.well-known/jwks.json`. Never logged",
      unset: 'the development key written in the code (not for production: anyone can sign with it)',
    }),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional().meta({
    description:
      '`sk_...`; set it to take real card payments through Stripe. Unset: the built-in sandbox gateway (test cards, test mode)',
    unset: 'sandbox',
  }),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith('pk_', 'must start with pk_')
    .optional()
    .meta({ description: '`pk_...` handed to the browser for Stripe.js; required with `STRIPE_SECRET_KEY`' }),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional().meta({
    description: 'signing secret (`whsec_...`) of the Stripe webhook endpoint `POST /v1/billing/webhook`',
    unset: 'no webhook',
  }),
  STRIPE_API_BASE: z.url().optional().meta({
    description: 'another Stripe API host, e.g. `http://127.0.0.1:12111` for a local fake in tests',
    unset: '`https://api.stripe.com`',
  }),
  S3_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine(
      (v) => !URL.parse(v)?.username && !URL.parse(v)?.password,
      'must not hold credentials: use S3_ACCESS_KEY_ID',
    )
    .refine(
      (v) => ['', '/'].includes(URL.parse(v)?.pathname ?? ''),
      'must not have a path: name the bucket in S3_BUCKET',
    )
    .optional()
    .meta({
      description:
        'endpoint of an S3-compatible object store for uploaded files, e.g. `http://minio:9000` (no path, no credentials); with any `S3_*` set, files go to the store instead of `DATA_DIR/uploads` ([file-storage.md](file-storage.md))',
      unset: 'AWS S3 itself (with `S3_BUCKET`)',
    }),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens')
    .optional()
    .meta({
      description: 'the (private) bucket uploaded files go to; required with any `S3_*`',
      unset: 'local disk',
    }),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional()
    .meta({
      description: "the bucket's region; required without `S3_URL` (AWS S3 itself)",
      unset: '`us-east-1` with `S3_URL`',
    }),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().meta({
    description:
      'access key of credentials that may get, put, delete and list objects in `S3_BUCKET`; required with any `S3_*`',
  }),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'secret of `S3_ACCESS_KEY_ID`; never logged; required with any `S3_*`' }),
  S3_FORCE_PATH_STYLE: bool.optional().meta({
    description:
      "the bucket in the URL's path (`http://minio:9000/<bucket>/...`, as MinIO and most self-hosted stores need) rather than its host name",
    unset: '`true` with `S3_URL`, else `false`',
  }),
});

/** The environment variables the server reads, with their descriptions: the configuration table's source. */
export const configSchema = envSchema;

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** signs consent receipts (PKCS#8 PEM); unset: the documented development key */
  consentSigningKey?: Secret;
  databaseUrl?: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  smtpUrl?: string;
  mailFrom: string;
  sessionTtlMs: number;
  cookieSecure: boolean;
  avatarMaxBytes: number;
  /** login throttling: free failures per account and address, how long failures count, longest delay */
  login: { freeFailures: number; windowMs: number; maxDelayMs: number };
  /** argon2id cost of new password hashes (a hash carries its own, so old ones still verify) */
  passwordHash: { memoryKib: number; passes: number };
  /** Fastify's trustProxy: true (X-Forwarded-For's first address) or the proxies' addresses */
  trustProxy: boolean | string;
  webDist: string;
  graphqlLimits: { maxDepth: number; maxAliases: number; maxCost: number };
  /** what GraphQL tells about its schema: introspection answers and "Did you mean" suggestions */
  graphqlSchemaDetails: { introspection: boolean; fieldSuggestions: boolean };
  /** GET /graphql from a browser answers the GraphQL explorer page (web/dist/explorer.html) */
  graphqlExplorer: boolean;
  /** the dev outbox route is on when mail is not sent for real and this is not production */
  devOutbox: boolean;
  /** webhooks: first retry delay in seconds; private addresses allowed (development only) */
  webhooks: { retrySeconds: number; allowPrivate: boolean };
  chain: ChainConfig;
  stripe: StripeConfig | null;
  /** where uploaded files live: null, local disk under DATA_DIR/uploads; else the object store */
  s3: S3Config | null;
};

/** A secret from the environment: printing, logging or serialising it shows "[redacted]". */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}

/** Chain settings from the environment. No rpcUrl: the server runs a local anvil (main.ts). */
export type ChainConfig = {
  rpcUrl?: string;
  publicRpcUrl?: string;
  chainId?: number;
  tokenAddress?: string;
  factoryAddress?: string;
  treasuryPrivateKey?: Secret;
};

/** Stripe is on when STRIPE_SECRET_KEY is set; otherwise payments use the sandbox gateway. */
export type StripeConfig = {
  secretKey: Secret;
  publishableKey: string;
  webhookSecret?: Secret;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** An S3-compatible object store, on when any S3_ variable is set (then the required ones must be). */
export type S3Config = {
  /** absent: AWS S3 itself, in `region` */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: Secret;
  forcePathStyle: boolean;
};

export const S3_VARIABLES = [
  'S3_URL',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function stripeApi(base: string | undefined): StripeConfig['api'] {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Variables that only make sense together, checked alongside the schema so every problem is listed.
function pairProblems(env: Record<string, string | undefined>): string[] {
  const out: string[] = [];
  if (env.CHAIN_RPC_URL) {
    if (!env.IPT_TOKEN_ADDRESS) out.push('IPT_TOKEN_ADDRESS: required when CHAIN_RPC_URL is set');
    if (!env.ESCROW_FACTORY_ADDRESS) out.push('ESCROW_FACTORY_ADDRESS: required when CHAIN_RPC_URL is set');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY)
    out.push('STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
  // half an object store would put some files nowhere: name each missing variable
  const s3Set = S3_VARIABLES.filter((name) => env[name]);
  if (s3Set.length) {
    const set = `${s3Set.join(', ')} ${s3Set.length > 1 ? 'are' : 'is'} set`;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => !env[n]))
      out.push(`${name}: required for the object store (${set})`);
    if (!env.S3_URL && !env.S3_REGION) out.push(`S3_REGION: required for AWS S3 (no S3_URL; ${set})`);
  }
  return out;
}

// Settings that only tests may weaken.
function productionProblems(e: Env): string[] {
  const out: string[] = [];
  if (e.PASSWORD_HASH_MEMORY_KIB < 19_456) out.push('PASSWORD_HASH_MEMORY_KIB: at least 19456 in production');
  if (e.PASSWORD_HASH_PASSES < 2) out.push('PASSWORD_HASH_PASSES: at least 2 in production');
  return out;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // empty strings count as unset, as in most .env tooling
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)),
    ...pairProblems(cleaned),
  ];
  if (parsed.success && parsed.data.NODE_ENV === 'production') problems.push(...productionProblems(parsed.data));
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    consentSigningKey: e.CONSENT_SIGNING_KEY ? new Secret(e.CONSENT_SIGNING_KEY.replace(/\\n/g, '\n')) : undefined,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    login: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      maxDelayMs: e.LOGIN_MAX_DELAY_MINUTES * 60_000,
    },
    passwordHash: { memoryKib: e.PASSWORD_HASH_MEMORY_KIB, passes: e.PASSWORD_HASH_PASSES },
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    graphqlLimits: { maxDepth: e.GRAPHQL_MAX_DEPTH, maxAliases: e.GRAPHQL_MAX_ALIASES, maxCost: e.GRAPHQL_MAX_COST },
    graphqlSchemaDetails: {
      introspection: e.GRAPHQL_INTROSPECTION ?? !isProduction,
      fieldSuggestions: e.GRAPHQL_FIELD_SUGGESTIONS ?? !isProduction,
    },
    graphqlExplorer: e.GRAPHQL_EXPLORER ?? !isProduction,
    devOutbox: !e.SMTP_URL && !isProduction,
    webhooks: { retrySeconds: e.WEBHOOK_RETRY_SECONDS, allowPrivate: e.NODE_ENV === 'development' },
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      publicRpcUrl: e.CHAIN_PUBLIC_RPC_URL,
      chainId: e.CHAIN_ID,
      tokenAddress: e.IPT_TOKEN_ADDRESS,
      factoryAddress: e.ESCROW_FACTORY_ADDRESS,
      treasuryPrivateKey: e.TREASURY_PRIVATE_KEY ? new Secret(e.TREASURY_PRIVATE_KEY) : undefined,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: new Secret(e.STRIPE_SECRET_KEY),
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ? new Secret(e.STRIPE_WEBHOOK_SECRET) : undefined,
          api: stripeApi(e.STRIPE_API_BASE),
        }
      : null,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_URL?.replace(/\/$/, ''),
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: new Secret(e.S3_SECRET_ACCESS_KEY!),
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_URL),
        }
      : null,
  };
}
