/**
 * Secrets the server makes for itself when JWT_SECRET / ENCRYPTION_KEY are unset: random values drawn once and
 * kept in `<DATA_DIR>/secrets.json` (mode 0600), so tokens and encrypted WhatsApp tokens survive restarts and no
 * install ever signs with a value that is public in the source. Several processes (or test workers) starting at
 * once agree on one file: each writes a private temporary file and links it into place, and whoever loses the
 * race reads the winner's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface GeneratedSecrets {
  jwtSecret: string;
  /** 32 bytes, base64. */
  encryptionKey: string;
}

export const SECRETS_FILE_NAME = 'secrets.json';

const draw = (): GeneratedSecrets => ({
  jwtSecret: crypto.randomBytes(48).toString('base64url'),
  encryptionKey: crypto.randomBytes(32).toString('base64'),
});

function read(file: string): GeneratedSecrets {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>;
  if (
    typeof parsed.jwtSecret !== 'string' ||
    parsed.jwtSecret.length < 32 ||
    typeof parsed.encryptionKey !== 'string' ||
    Buffer.from(parsed.encryptionKey, 'base64').length !== 32
  ) {
    throw new Error(`${file} is not a secrets file Parley wrote: remove it to draw new secrets`);
  }
  return { jwtSecret: parsed.jwtSecret, encryptionKey: parsed.encryptionKey };
}

/** The secrets in `dataDir`, drawn and stored the first time. Returns the file's path with them. */
export function loadOrCreateSecrets(dataDir: string): { file: string; secrets: GeneratedSecrets } {
  const file = path.join(dataDir, SECRETS_FILE_NAME);
  if (fs.existsSync(file)) return { file, secrets: read(file) };
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.${SECRETS_FILE_NAME}.${process.pid}.${crypto.randomUUID()}`);
  fs.writeFileSync(temporary, `${JSON.stringify(draw(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { file, secrets: read(file) };
}
