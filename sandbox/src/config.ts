import path from 'node:path';

/** Everything the sandbox can be tuned with. `startSandbox` fills in the defaults for what is left out. */
export interface SandboxOptions {
  port: number;
  host: string;
  /** Base URL the sandbox advertises in links (media URLs, previews, paging). Defaults to http://host:port. */
  publicUrl?: string;
  webhookUrl: string;
  appSecret: string;
  verifyToken: string;
  appId: string;
  outboxDir: string;
  /** Delays after a send before the sent, delivered and read statuses are posted. */
  statusDelaysMs: { sent: number; delivered: number; read: number };
  webhook: {
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    /** How long one webhook POST may take before it counts as failed (and is retried). */
    timeoutMs: number;
    /** Meta (PHP's json_encode) writes '/' as '\/'; on by default so receivers must hash the raw bytes. */
    escapeSlashes: boolean;
  };
  /** How long a send hit by the 'timeout' fault is held before it is answered. */
  faultTimeoutMs: number;
  codeTtlMs: number;
  mediaUrlTtlMs: number;
  /** Collection window of the 'batch' delivery option. */
  batchWindowMs: number;
  /** When true (the default, like Meta) a free-form send more than 24 h after the customer's last message fails with 131047. */
  enforceWindow: boolean;
  /** Log requests (fastify logger). */
  logger: boolean;
}

export const repoRoot = path.resolve(__dirname, '..', '..');

export const defaultOptions: SandboxOptions = {
  port: 4010,
  host: '127.0.0.1',
  webhookUrl: 'http://127.0.0.1:3000/webhooks/whatsapp',
  appSecret: 'sandbox-app-secret',
  verifyToken: 'sandbox-verify-token',
  appId: '100000000000999',
  outboxDir: path.join(repoRoot, 'data', 'outbox'),
  statusDelaysMs: { sent: 400, delivered: 1200, read: 2500 },
  webhook: { maxAttempts: 8, retryBaseMs: 1000, retryMaxMs: 60_000, timeoutMs: 10_000, escapeSlashes: true },
  faultTimeoutMs: 30_000,
  codeTtlMs: 30_000,
  mediaUrlTtlMs: 5 * 60_000,
  batchWindowMs: 300,
  enforceWindow: true,
  logger: false,
};

export type SandboxOptionsInput = Partial<Omit<SandboxOptions, 'statusDelaysMs' | 'webhook'>> & {
  statusDelaysMs?: Partial<SandboxOptions['statusDelaysMs']>;
  webhook?: Partial<SandboxOptions['webhook']>;
};

export function resolveOptions(input: SandboxOptionsInput = {}): SandboxOptions {
  return {
    ...defaultOptions,
    ...stripUndefined(input),
    statusDelaysMs: { ...defaultOptions.statusDelaysMs, ...stripUndefined(input.statusDelaysMs ?? {}) },
    webhook: { ...defaultOptions.webhook, ...stripUndefined(input.webhook ?? {}) },
  } as SandboxOptions;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Reads the documented environment variables (see README.md and .env.example). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxOptionsInput {
  const int = (name: string) => (env[name] ? Number.parseInt(env[name] as string, 10) : undefined);
  const delays = env.SANDBOX_STATUS_DELAYS?.split(',').map((part) => Number.parseInt(part, 10));
  return {
    port: int('SANDBOX_PORT'),
    host: env.SANDBOX_HOST,
    publicUrl: env.SANDBOX_PUBLIC_URL,
    webhookUrl: env.WEBHOOK_URL,
    appSecret: env.WHATSAPP_APP_SECRET,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN,
    appId: env.FB_APP_ID,
    outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : undefined,
    statusDelaysMs:
      delays && delays.length === 3 ? { sent: delays[0], delivered: delays[1], read: delays[2] } : undefined,
    webhook: {
      maxAttempts: int('SANDBOX_WEBHOOK_MAX_ATTEMPTS'),
      retryBaseMs: int('SANDBOX_WEBHOOK_RETRY_BASE_MS'),
      retryMaxMs: int('SANDBOX_WEBHOOK_RETRY_MAX_MS'),
      timeoutMs: int('SANDBOX_WEBHOOK_TIMEOUT_MS'),
    },
    faultTimeoutMs: int('SANDBOX_FAULT_TIMEOUT_MS'),
    codeTtlMs: int('SANDBOX_CODE_TTL_MS'),
    mediaUrlTtlMs: int('SANDBOX_MEDIA_URL_TTL_MS'),
    enforceWindow: env.SANDBOX_ENFORCE_WINDOW ? env.SANDBOX_ENFORCE_WINDOW === 'true' : undefined,
    logger: env.SANDBOX_LOG === 'true' ? true : undefined,
  };
}
