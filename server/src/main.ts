/** Starts Parley: config, app, listen; stops cleanly on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { seedDemo } from './seed/demo';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const server = await buildApp(config);
  if (config.seedDemo) await seedDemo(server.db, server.passwords, config);
  await server.app.listen({ port: config.port, host: config.host });
  // A plain line for people (whatever LOG_LEVEL says), then the structured one for log collectors.
  console.log(`Parley is running at ${config.publicUrl}`);
  server.app.log.info(
    { url: config.publicUrl, database: server.dbKind, mail: server.mailer.kind },
    `Parley is running at ${config.publicUrl}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received: shutting down`);
    // If draining hangs, leave anyway rather than block a deploy.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Parley failed to start:', error);
  process.exit(1);
});
