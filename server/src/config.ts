/**
 * Server configuration from the environment, validated once at start. Every variable is documented in
 * server/.env.example. A bad value stops the start with one error listing each bad variable and why.
 */
import path from 'node:path';
import { z } from 'zod';
import { loadOrCreateSecrets } from './generated-secrets';
import { repoRoot } from './paths';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface PasswordHashingConfig {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  env: NodeEnv;
  port: number;
  host: string;
  /** The address users open, e.g. https://parley.example.com (no trailing slash). */
  publicUrl: string;
  /** Origin of publicUrl: the only origin CORS allows. */
  publicOrigin: string;
  database: {
    /** PostgreSQL when set, else PGlite. */
    url?: string;
    /** PGlite data folder, or `memory://` for an in-memory database. */
    pgliteDir: string;
    /** PGlite's buffer pool, in PostgreSQL's units (e.g. `32MB`). */
    pgliteSharedBuffers: string;
    poolMax: number;
  };
  redisUrl?: string;
  /** Several processes (REDIS_URL): prefix of every Redis key and channel, presence expiry, job lease, proxy trust. */
  scale: ScaleConfig;
  auth: {
    jwtSecret: string;
    tokenTtlHours: number;
    passwordHashing: PasswordHashingConfig;
  };
  /** 32 bytes, for encrypting secrets at rest (the WhatsApp token). */
  encryptionKey: Buffer;
  whatsapp: {
    graphApiBase: string;
    appSecret?: string;
    verifyToken?: string;
    fbAppId?: string;
    fbConfigId?: string;
    fbSdkUrl: string;
  };
  mail: {
    /** SMTP when set, else the local outbox. */
    smtpUrl?: string;
    from: string;
    outboxDir: string;
  };
  storageDir: string;
  /** Files the server keeps for itself: the generated secrets (secrets.json) when none are configured. */
  dataDir: string;
  webRoot: string;
  deploymentsDir: string;
  logLevel: LogLevel;
  /** Add the demo account at start (npm start sets it). */
  seedDemo: boolean;
  /** Non-fatal remarks (dev defaults in use); logged at start. */
  warnings: string[];
}

export interface ScaleConfig {
  /** Lets several deployments (or test runs) share one Redis. */
  redisKeyPrefix: string;
  /** A crashed process's users drop out of the online list within this many seconds. */
  presenceTtlSeconds: number;
  /** A claimed background job belongs to its process this long (kept alive while it runs); then another takes it. */
  jobLeaseMs: number;
  /** Fastify `trustProxy`: whose X-Forwarded-For to believe (behind nginx, logins are counted per client IP). */
  trustProxy: boolean | string;
}

/** Production hashing: argon2id defaults. Tests lower the cost (NODE_ENV=test only) to stay fast. */
const PRODUCTION_HASHING: PasswordHashingConfig = { memoryCost: 65536, timeCost: 3, parallelism: 4 };
const TEST_HASHING: PasswordHashingConfig = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
/**
 * PGlite zeroes its whole shared memory at every start (most of it the buffer pool): the tests' servers start often
 * and hold little, and 4MB instead of 32MB is 0.08 CPU-s less a start (issue #20). PGLITE_SHARED_BUFFERS overrides.
 */
const TEST_PGLITE_SHARED_BUFFERS = '4MB';

/** Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO at all. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number between ${min} and ${max}`);

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const folder = z.string().min(1, 'must be a folder path');

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'], 'must be development, production or test')),
  PORT: optional(integer(0, 65535)),
  HOST: optional(z.string().min(1)),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  PGLITE_DIR: optional(folder),
  PGLITE_SHARED_BUFFERS: optional(
    z.string().regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'must be a size such as 32MB (kB, MB or GB)'),
  ),
  DB_POOL_MAX: optional(integer(1, 1000)),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -')),
  PRESENCE_TTL_SECONDS: optional(integer(2, 3600)),
  JOB_LEASE_SECONDS: optional(integer(2, 3600)),
  TRUST_PROXY: optional(
    z
      .string()
      .regex(
        /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'must be true, false, or addresses/CIDRs separated by commas',
      ),
  ),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  TOKEN_TTL_HOURS: optional(integer(1, 24 * 365)),
  ENCRYPTION_KEY: optional(
    z
      .string()
      .refine(
        (value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value),
        'must be 32 bytes encoded in base64 (e.g. `openssl rand -base64 32`)',
      ),
  ),
  GRAPH_API_BASE: optional(url(['http:', 'https:'])),
  WHATSAPP_APP_SECRET: optional(z.string()),
  WHATSAPP_VERIFY_TOKEN: optional(z.string()),
  FB_APP_ID: optional(z.string()),
  FB_CONFIG_ID: optional(z.string()),
  FB_SDK_URL: optional(url(['http:', 'https:'])),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: optional(z.string().min(3)),
  OUTBOX_DIR: optional(folder),
  STORAGE_DIR: optional(folder),
  DATA_DIR: optional(folder),
  WEB_ROOT: optional(folder),
  DEPLOYMENTS_DIR: optional(folder),
  SEED_DEMO: optional(z.enum(['true', 'false'], 'must be true or false')),
  LOG_LEVEL: optional(
    z.enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ),
  ),
});

/** TRUST_PROXY as Fastify takes it: a boolean, or the proxies' addresses (e.g. `loopback, 10.0.0.0/8`). */
function trustProxyOption(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Relative folder settings are taken from the repository root, so the value works from any cwd. */
const fromRepo = (value: string | undefined, fallback: string) => path.resolve(repoRoot, value ?? fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '?');
      const raw = env[name];
      problems.push(`${name}: ${issue.message}${raw === undefined ? '' : ` (got "${raw}")`}`);
    }
  }
  const e = parsed.success ? parsed.data : ({} as z.infer<typeof envSchema>);
  const nodeEnv: NodeEnv = e.NODE_ENV ?? 'development';
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  // Unset secrets are never a constant: random ones, drawn once and kept in the data folder (generated-secrets.ts).
  const dataDir = fromRepo(e.DATA_DIR, 'data');
  const warnings: string[] = [];
  let jwtSecret = e.JWT_SECRET;
  let encryptionKey = e.ENCRYPTION_KEY;
  if (!jwtSecret || !encryptionKey) {
    const { file, secrets } = loadOrCreateSecrets(dataDir);
    if (!jwtSecret) warnings.push(`JWT_SECRET is not set: using the generated secret kept in ${file}`);
    if (!encryptionKey) warnings.push(`ENCRYPTION_KEY is not set: using the generated key kept in ${file}`);
    jwtSecret ??= secrets.jwtSecret;
    encryptionKey ??= secrets.encryptionKey;
  }

  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const pgliteDir = e.PGLITE_DIR === 'memory://' ? 'memory://' : fromRepo(e.PGLITE_DIR, 'data/pglite');

  return {
    env: nodeEnv,
    port,
    host: e.HOST ?? '127.0.0.1',
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    database: {
      url: e.DATABASE_URL,
      pgliteDir,
      pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS ?? (nodeEnv === 'test' ? TEST_PGLITE_SHARED_BUFFERS : '32MB'),
      poolMax: e.DB_POOL_MAX ?? 10,
    },
    redisUrl: e.REDIS_URL,
    scale: {
      redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'parley:',
      presenceTtlSeconds: e.PRESENCE_TTL_SECONDS ?? 15,
      jobLeaseMs: (e.JOB_LEASE_SECONDS ?? 60) * 1000,
      trustProxy: trustProxyOption(e.TRUST_PROXY),
    },
    auth: {
      jwtSecret,
      tokenTtlHours: e.TOKEN_TTL_HOURS ?? 12,
      passwordHashing: nodeEnv === 'test' ? TEST_HASHING : PRODUCTION_HASHING,
    },
    encryptionKey: Buffer.from(encryptionKey, 'base64'),
    whatsapp: {
      graphApiBase: (e.GRAPH_API_BASE ?? 'https://graph.facebook.com/v22.0').replace(/\/+$/, ''),
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      fbAppId: e.FB_APP_ID,
      fbConfigId: e.FB_CONFIG_ID,
      fbSdkUrl: e.FB_SDK_URL ?? 'https://connect.facebook.net/en_US/sdk.js',
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'Parley <no-reply@parley.local>',
      outboxDir: fromRepo(e.OUTBOX_DIR, 'data/outbox'),
    },
    storageDir: fromRepo(e.STORAGE_DIR, 'data/files'),
    dataDir,
    webRoot: fromRepo(e.WEB_ROOT, 'shell/dist'),
    deploymentsDir: fromRepo(e.DEPLOYMENTS_DIR, 'deployments'),
    logLevel: e.LOG_LEVEL ?? 'info',
    seedDemo: e.SEED_DEMO === 'true',
    warnings,
  };
}
