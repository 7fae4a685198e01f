import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { repoRoot } from './paths';

// Each test's generated secrets go to a folder of its own, never to the repository's data/.
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-config-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      database: {
        url: undefined,
        pgliteDir: path.join(repoRoot, 'data/pglite'),
        pgliteSharedBuffers: '32MB',
        poolMax: 10,
      },
      logLevel: 'info',
      webRoot: path.join(repoRoot, 'shell/dist'),
      deploymentsDir: path.join(repoRoot, 'deployments'),
      storageDir: path.join(repoRoot, 'data/files'),
    });
    expect(config.whatsapp.graphApiBase).toBe('https://graph.facebook.com/v22.0');
    expect(config.mail.outboxDir).toBe(path.join(repoRoot, 'data/outbox'));
    expect(config.auth.tokenTtlHours).toBe(12);
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.warnings).toEqual([
      `JWT_SECRET is not set: using the generated secret kept in ${path.join(dataDir, 'secrets.json')}`,
      `ENCRYPTION_KEY is not set: using the generated key kept in ${path.join(dataDir, 'secrets.json')}`,
    ]);
  });

  it('derives PUBLIC_URL from PORT and keeps memory:// for PGlite', () => {
    const config = loadConfig({ PORT: '4100', PGLITE_DIR: 'memory://', DATA_DIR: dataDir });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.database.pgliteDir).toBe('memory://');
  });

  it('reads every setting', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://chat.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/parley',
      DB_POOL_MAX: '25',
      PGLITE_SHARED_BUFFERS: '8MB',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 's'.repeat(40),
      TOKEN_TTL_HOURS: '24',
      ENCRYPTION_KEY: key,
      GRAPH_API_BASE: 'http://127.0.0.1:4000/v22.0/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Parley <hi@example.com>',
      STORAGE_DIR: '/var/parley/files',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://chat.example.com',
      publicOrigin: 'https://chat.example.com',
      database: { url: 'postgres://u:p@db:5432/parley', pgliteSharedBuffers: '8MB', poolMax: 25 },
      redisUrl: 'redis://cache:6379',
      auth: { tokenTtlHours: 24 },
      whatsapp: { graphApiBase: 'http://127.0.0.1:4000/v22.0' },
      mail: { smtpUrl: 'smtp://mail:25', from: 'Parley <hi@example.com>' },
      storageDir: '/var/parley/files',
      logLevel: 'warn',
      warnings: [],
    });
    expect(config.encryptionKey.equals(Buffer.alloc(32, 1))).toBe(true);
    expect(config.auth.passwordHashing.memoryCost).toBeGreaterThanOrEqual(65536);
  });

  it('lowers the password hashing cost only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).auth.passwordHashing.memoryCost).toBeLessThan(65536);
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).auth.passwordHashing.memoryCost,
    ).toBeGreaterThanOrEqual(65536);
  });

  it('gives PGlite a smaller buffer pool only under NODE_ENV=test, unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).database.pgliteSharedBuffers).toBe('4MB');
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).database.pgliteSharedBuffers).toBe('32MB');
    const chosen = loadConfig({ NODE_ENV: 'test', PGLITE_SHARED_BUFFERS: '16MB', DATA_DIR: dataDir });
    expect(chosen.database.pgliteSharedBuffers).toBe('16MB');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: dataDir }).database.url).toBeUndefined();
  });

  it('lists every bad variable with a reason in one error', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        JWT_SECRET: 'short',
        ENCRYPTION_KEY: 'dG9vLXNob3J0',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'not a url',
        DB_POOL_MAX: '0',
        PGLITE_SHARED_BUFFERS: '32 megabytes',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT: must be a whole number between 0 and 65535 (got "eighty")');
    expect(message).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
    expect(message).toContain('ENCRYPTION_KEY: must be 32 bytes encoded in base64');
    expect(message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(message).toContain('PUBLIC_URL: must be a URL starting with http:// or https://');
    expect(message).toContain('DB_POOL_MAX: must be a whole number between 1 and 1000');
    expect(message).toContain('PGLITE_SHARED_BUFFERS: must be a size such as 32MB (kB, MB or GB)');
  });

  it('draws random secrets once when none are set, in every mode, and keeps them in the data folder (0600)', () => {
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const folder = path.join(dataDir, NODE_ENV);
      const first = loadConfig({ NODE_ENV, DATA_DIR: folder });
      const again = loadConfig({ NODE_ENV, DATA_DIR: folder });
      const file = path.join(folder, 'secrets.json');
      expect(mode(file)).toBe(0o600);
      expect(again.auth.jwtSecret).toBe(first.auth.jwtSecret);
      expect(again.encryptionKey.equals(first.encryptionKey)).toBe(true);
      expect(first.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.encryptionKey).toHaveLength(32);
      // Where they live is said; what they are never is.
      expect(first.warnings.join(' ')).toContain(file);
      expect(first.warnings.join(' ')).not.toContain(first.auth.jwtSecret);
      expect(first.warnings.join(' ')).not.toContain(first.encryptionKey.toString('base64'));
    }
    const elsewhere = loadConfig({ DATA_DIR: path.join(dataDir, 'elsewhere') });
    expect(elsewhere.auth.jwtSecret).not.toBe(loadConfig({ DATA_DIR: path.join(dataDir, 'test') }).auth.jwtSecret);
    // The constants of old are gone for good.
    expect(elsewhere.auth.jwtSecret).not.toBe('parley-development-secret-do-not-use-in-production');
    expect(elsewhere.encryptionKey.equals(Buffer.alloc(32, 7))).toBe(false);
  });

  it('uses the configured secrets and writes nothing when both are set', () => {
    const key = Buffer.alloc(32, 3).toString('base64');
    const config = loadConfig({ JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: key, DATA_DIR: dataDir });
    expect(config.auth.jwtSecret).toBe('j'.repeat(40));
    expect(config.warnings).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('refuses a secrets file it did not write', () => {
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{"jwtSecret":"short"}');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/is not a secrets file Parley wrote/);
  });
});
