import path from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads is parsed here, once. Boot fails listing all bad ones.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  // failed logins allowed per username in LOGIN_WINDOW_MINUTES before 429
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  // window for LOGIN_MAX_FAILURES, in minutes
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // trust X-Forwarded-* headers (set when running behind a reverse proxy)
  TRUST_PROXY: bool.default(false),
  // GraphQL limits: deepest selection, most aliases, highest cost (fields; list children x10)
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(50).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(500).default(20),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(2000),
  // folder with the built web app served at /; absent build: API only
  WEB_DIST: z.string().default('web/dist'),
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
  loginMaxFailures: number;
  loginWindowMs: number;
  trustProxy: boolean;
  webDist: string;
  graphqlLimits: { maxDepth: number; maxAliases: number; maxCost: number };
  /** the dev outbox route is on when mail is not sent for real and this is not production */
  devOutbox: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // empty strings count as unset, as in most .env tooling
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
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
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    graphqlLimits: { maxDepth: e.GRAPHQL_MAX_DEPTH, maxAliases: e.GRAPHQL_MAX_ALIASES, maxCost: e.GRAPHQL_MAX_COST },
    devOutbox: !e.SMTP_URL && !isProduction,
  };
}
