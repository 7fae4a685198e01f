import { optionsFromEnv } from './config';
import { startSandbox } from './sandbox';

export { startSandbox } from './sandbox';
export type { RunningSandbox } from './sandbox';
export { seeded } from './seed';

async function main(): Promise<void> {
  const sandbox = await startSandbox(optionsFromEnv());
  const { options } = sandbox;
  console.log(`Parley sandbox (Meta stand-in) on ${sandbox.url}`);
  console.log(`  Graph API base  ${sandbox.graphBase}   token ${sandbox.seeded.token}`);
  console.log(
    `  WABA ${sandbox.seeded.wabaId}, phone number id ${sandbox.seeded.phoneNumberId} (+${sandbox.seeded.displayPhoneNumber})`,
  );
  console.log(`  Webhooks to     ${options.webhookUrl}`);
  console.log(`  Customers page  ${sandbox.url}/   outbox ${sandbox.url}/outbox   fake SDK ${sandbox.url}/sdk.js`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
