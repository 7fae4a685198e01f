/**
 * buildApp wires the whole server: database (migrated), HTTP (Fastify) with access control, errors and
 * security headers, socket.io on the same HTTP server, mail, storage, every module, and the web hosting.
 * It does not listen: main.ts (and the tests) call `app.listen`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle, type Db } from './db/client';
import { runMigrations } from './db/migrate';
import { healthModule } from './health/routes';
import { installCompression } from './hosting/compression';
import { hostingModule } from './hosting/hosting';
import { installAccessControl } from './http/access';
import { installApiReference, zodSchemaController } from './http/api-reference';
import { installErrorHandler } from './http/error-handler';
import { installRateLimits } from './http/rate-limit';
import { installSecurity } from './http/security';
import { createJobRunner } from './jobs';
import { createMailer, type Mailer } from './mail/mailer';
import { createAuthenticator } from './modules/auth/authenticate';
import { createPasswordHasher } from './modules/auth/passwords';
import { createTokenService } from './modules/auth/tokens';
import { appModules } from './modules';
import { MemoryPresence, type Presence } from './realtime/presence';
import { serverRoot } from './paths';
import { createRealtime } from './realtime/realtime';
import { openSharedState, type SharedState } from './scale/shared-state';
import type { AppModule, AppServices } from './services';
import { LocalStorage, type Storage } from './storage/storage';

/** Replaceable parts; anything left out is built from config. */
export interface BuildAppDeps {
  /** An open database; when given, the caller closes it (app.close() leaves it open). */
  database?: DatabaseHandle;
  mailer?: Mailer;
  storage?: Storage;
  presence?: Presence;
  /** Registered after the standard modules (tests use this to add routes). */
  extraModules?: AppModule[];
  logger?: FastifyServerOptions['logger'];
}

export interface BuiltApp extends AppServices {
  app: FastifyInstance;
  io: SocketServer;
  db: Db;
  /** Stops accepting, closes sockets, drains requests, then closes the database (if buildApp opened it). */
  close(): Promise<void>;
}

/** How long closing waits for open requests before cutting their connections. */
const CLOSE_GRACE_MS = 3_000;

/** JSON bodies up to 1 MiB; uploads are multipart and set their own limits. */
const BODY_LIMIT = 1024 * 1024;

/** The server package's version, shown in the API reference. */
const serverVersion = () =>
  (JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;

export async function buildApp(config: Config, deps: BuildAppDeps = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // Ids in logs and errors without exposing a counter.
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.scale.trustProxy,
    schemaController: zodSchemaController(config.env === 'test'),
  });
  for (const warning of config.warnings) app.log.warn(warning);

  const database = deps.database ?? (await openDatabase(config));
  const ownsDatabase = !deps.database;
  // Redis-backed presence, rate limits and socket.io fan-out when REDIS_URL is set (several processes).
  let shared: SharedState | undefined;
  try {
    await runMigrations(database);
    shared = await openSharedState(config, app.log);

    const tokens = createTokenService(config.auth.jwtSecret, config.auth.tokenTtlHours);
    const authenticate = await createAuthenticator(database.db, tokens, database.listen);
    const realtime = createRealtime({
      server: app.server,
      authenticate,
      presence: deps.presence ?? shared?.presence ?? new MemoryPresence(),
      corsOrigin: config.publicOrigin,
      log: app.log,
      spansProcesses: shared !== undefined,
    });
    shared?.attach(realtime.io);
    const services: AppServices = {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer:
        deps.mailer ??
        createMailer({
          smtpUrl: config.mail.smtpUrl,
          from: config.mail.from,
          outboxDir: config.mail.outboxDir,
          log: app.log,
        }),
      storage: deps.storage ?? new LocalStorage(config.storageDir),
      realtime,
      passwords: createPasswordHasher(config.auth.passwordHashing),
      tokens,
      authenticate,
      jobs: createJobRunner({ db: database.db, log: app.log, leaseMs: config.scale.jobLeaseMs }),
    };

    installErrorHandler(app);
    installAccessControl(app, authenticate);
    await installSecurity(app, config);
    await installCompression(app);
    await installRateLimits(app, shared?.rateLimitRedis);
    await installApiReference(app, { version: serverVersion() });
    for (const module of [healthModule, ...appModules, ...(deps.extraModules ?? []), hostingModule]) {
      await module.register(app, services);
    }

    app.addHook('preClose', (done) => {
      // Close the realtime connections ourselves; io.close() would also close Fastify's HTTP server.
      realtime.io.local.disconnectSockets(true);
      realtime.io.engine.close();
      // In-flight requests get a short grace; then whatever is still open (a long-poll nobody owns, a slow
      // client) is cut, so shutdown never hangs on one connection.
      setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      done();
    });
    // Background jobs run once the app is ready and are drained before the database closes.
    app.addHook('onReady', async () => services.jobs.start());
    app.addHook('preClose', async () => services.jobs.stop());
    app.addHook('onClose', async () => {
      await services.mailer.close();
      await shared?.close();
      if (ownsDatabase) await database.close();
    });

    await app.ready();
    return { ...services, app, io: realtime.io, close: () => app.close() };
  } catch (error) {
    await app.close().catch(() => undefined);
    await shared?.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}
