// `npm start`: the demo. Runs the sandbox (standing in for Meta) and the server on embedded PGlite, seeded
// with a demo account connected to the sandbox. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import v8Flags from './lib/v8-flags.cjs';

const { ROOT } = paths;

const port = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const demoSecrets = {
  WHATSAPP_APP_SECRET: process.env.WHATSAPP_APP_SECRET ?? 'sandbox-app-secret',
  WHATSAPP_VERIFY_TOKEN: process.env.WHATSAPP_VERIFY_TOKEN ?? 'sandbox-verify-token',
  FB_APP_ID: process.env.FB_APP_ID ?? '100000000000999',
  FB_CONFIG_ID: process.env.FB_CONFIG_ID ?? '100000000000777',
  OUTBOX_DIR: process.env.OUTBOX_DIR ?? path.join(ROOT, 'data/outbox'),
};

const children = [];
function run(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? code}); stopping the demo`);
    stop(1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  // The exit code also when the children are gone before the timer fires (it does not keep the process alive).
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

fs.mkdirSync(demoSecrets.OUTBOX_DIR, { recursive: true });
run('sandbox', 'sandbox/dist/main.js', {
  ...demoSecrets,
  SANDBOX_PORT: sandboxPort,
  WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks/whatsapp`,
});
run(
  'server',
  'server/dist/main.js',
  {
    ...demoSecrets,
    PORT: port,
    PUBLIC_URL: publicUrl,
    GRAPH_API_BASE: process.env.GRAPH_API_BASE ?? `${sandboxUrl}/v22.0`,
    FB_SDK_URL: process.env.FB_SDK_URL ?? `${sandboxUrl}/sdk.js`,
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  v8Flags.SERVER_V8_FLAGS,
);

// Tell the user where to go once the server answers.
const deadline = Date.now() + 60_000;
const { DEMO_LOGINS } = await import(path.join(ROOT, 'server/dist/seed/demo-logins.js')).catch(() => ({
  DEMO_LOGINS: {},
}));
let ready = false;
while (Date.now() < deadline && !stopping && !ready) {
  ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (answer) => answer.ok,
    () => false,
  );
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 300));
}
// A server that stopped has said why above; one that never answered is still starting or stuck.
if (ready) {
  console.log(`\n  Parley is running at ${publicUrl}`);
  for (const [role, login] of Object.entries(DEMO_LOGINS))
    console.log(`    ${role.padEnd(6)} ${login.email} / ${login.password}`);
  console.log(`  Sandbox (play a customer, read mailed codes): ${sandboxUrl}/  and  ${sandboxUrl}/outbox\n`);
} else if (!stopping) {
  console.error(`\n  Parley did not answer on ${publicUrl} within 60 s: see its log above.`);
}
