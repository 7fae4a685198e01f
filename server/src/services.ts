/**
 * What every module receives: the shared services buildApp wires once. A module is a plugin-like object
 * `{ name, register(app, services) }` listed in src/modules/index.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db, DbKind } from './db/client';
import type { Authenticator } from './http/access';
import type { JobRunner } from './jobs';
import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './modules/auth/passwords';
import type { TokenService } from './modules/auth/tokens';
import type { Realtime } from './realtime/realtime';
import type { Storage } from './storage/storage';

export interface AppServices {
  config: Config;
  db: Db;
  dbKind: DbKind;
  mailer: Mailer;
  storage: Storage;
  realtime: Realtime;
  passwords: PasswordHasher;
  tokens: TokenService;
  authenticate: Authenticator;
  /** Durable background work (src/jobs): register kinds at module registration, enqueue inside transactions. */
  jobs: JobRunner;
}

export interface AppModule {
  name: string;
  /** Registers the module's routes (each with config.access) on the root app. */
  register(app: FastifyInstance, services: AppServices): void | Promise<void>;
}
