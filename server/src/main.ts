/** Starts Parley: config, app, listen; stops cleanly on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { loadConfig, type Config } from './config';

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
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`Parley is running at ${config.publicUrl} (database: ${server.dbKind}, mail: ${server.mailer.kind})`);

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
