import path from 'node:path';
import { isIP } from 'node:net';
import { inspect } from 'node:util';
import { z } from 'zod';

// Every environment variable the server reads is parsed here, once. Boot fails listing all bad ones.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

const envSchema = z.object({
  // development | test | production; production turns on Secure cookies and hides error details
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  // HTTP port for the API, GraphQL, REST and the web app
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // interface to bind; 127.0.0.1 by default so a dev machine does not expose the server
  HOST: z.string().min(1).default('127.0.0.1'),
  // public base URL used in e-mail links; defaults to http://localhost:PORT
  PUBLIC_URL: z.url().optional(),
  // PostgreSQL server URL; when absent an embedded PostgreSQL (PGlite) keeps data under DATA_DIR
  DATABASE_URL: z.url().optional(),
  // folder for embedded database, uploads and chain state
  DATA_DIR: z.string().min(1).default('.data'),
  // pino log level
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // SMTP connection URL (smtp://user:pass@host:587); absent: mails go to the readable dev outbox
  SMTP_URL: z.url().optional(),
  // sender address of outgoing mail
  MAIL_FROM: z.string().min(3).default('Parley <no-reply@parley.local>'),
  // how long a login session lasts, in hours
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  // force the Secure cookie flag (defaults to true in production)
  COOKIE_SECURE: bool.optional(),
  // largest accepted avatar image, in bytes
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  // failed logins per account and client address before each further attempt waits (1 s, doubling)
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  // how long a failed login counts, in minutes
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  // argon2id cost of a password hash: memory in KiB and passes over it (OWASP's baseline: 19 MiB, 2);
  // production refuses less. Tests lower it: hashing at full cost was a large share of their time
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(4 * 1024 * 1024)
    .default(19_456),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(2),
  // first wait before a failed webhook delivery is retried, in seconds (then doubling to 6 hours)
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // the longest wait between login attempts once the delays have grown, in minutes
  LOGIN_MAX_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // behind a reverse proxy, where the client's address comes from X-Forwarded-For: the proxies'
  // addresses or CIDR ranges, comma separated (the client is the header's last address that is not
  // one of them: safe with a proxy that appends), or true (the header's first address: only with a
  // proxy that replaces the header); false (the default): the connection's address
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
    }),
  // GraphQL limits: deepest selection, most aliases, highest cost (fields; list children x10)
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(50).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(500).default(20),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(2000),
  // answer introspection (__schema, __type); default on outside production, off in production
  GRAPHQL_INTROSPECTION: bool.optional(),
  // "Did you mean ...?" suggestions in GraphQL validation errors; default on outside production, off in production
  GRAPHQL_FIELD_SUGGESTIONS: bool.optional(),
  // folder with the built web app served at /; absent build: API only
  WEB_DIST: z.string().default('web/dist'),
  // JSON-RPC URL of the chain holding IPT; unset: start a local anvil with state under DATA_DIR/chain
  CHAIN_RPC_URL: z.url().optional(),
  // JSON-RPC URL handed to browsers (GET /v1/config); defaults to CHAIN_RPC_URL (set it when that URL has a key)
  CHAIN_PUBLIC_RPC_URL: z.url().optional(),
  // chain id: checked against CHAIN_RPC_URL's node; for the local anvil, the id it runs with (31337)
  CHAIN_ID: z.coerce.number().int().min(1).optional(),
  // IPT token contract address (required with CHAIN_RPC_URL; the local chain writes its own)
  IPT_TOKEN_ADDRESS: address.optional(),
  // escrow factory contract address (required with CHAIN_RPC_URL; the local chain writes its own)
  ESCROW_FACTORY_ADDRESS: address.optional(),
  // platform key that pays participants and moves purchased credit on-chain; never logged.
  // Local chain: defaults to anvil's first dev key. Real chain: unset turns withdrawals off
  TREASURY_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional(),
  // Stripe secret key (sk_...); unset: the built-in sandbox gateway (test cards, test mode)
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  // Stripe publishable key (pk_...) handed to the browser for Stripe.js; required with STRIPE_SECRET_KEY
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  // signing secret of the Stripe webhook endpoint POST /v1/billing/webhook (whsec_...)
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  // Stripe API base, e.g. http://127.0.0.1:12111 for a local fake in tests; default https://api.stripe.com
  STRIPE_API_BASE: z.url().optional(),
  // S3-compatible object store for uploaded files (endpoint, e.g. http://minio:9000); unset with AWS S3 itself
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
    .optional(),
  // the bucket uploaded files go to; setting it (or any S3_ variable) moves uploads off DATA_DIR
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens')
    .optional(),
  // the store's region (us-east-1 with S3_URL unless set; required for AWS S3 itself)
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  // access key id of credentials allowed to get, put, delete and list objects in S3_BUCKET
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  // secret of S3_ACCESS_KEY_ID; never logged
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // bucket in the URL's path rather than its host name (default true with S3_URL, as MinIO needs)
  S3_FORCE_PATH_STYLE: bool.optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
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
