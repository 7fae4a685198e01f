// Child Node processes for the stacks the browser tests, the benchmarks and the deploy smoke check start from the
// builds (server/dist, sandbox/dist): started with their output kept, waited for, stopped.
const { spawn } = require('node:child_process');
const { ROOT } = require('./paths.cjs');

/**
 * Runs `node [nodeArgs] script [args]` from the repository's root with `env` over this process's environment; its
 * output goes to `sink` (the last `keep` chunks).
 * @param {string} script
 * @param {{ args?: string[], nodeArgs?: string[], env?: Record<string, string>, sink?: string[], keep?: number }} [options]
 */
function spawnNode(script, { args = [], nodeArgs = [], env = {}, sink = [], keep = 400 } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onOutput = (chunk) => {
    sink.push(chunk.toString());
    if (sink.length > keep) sink.splice(0, sink.length - keep);
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  return child;
}

/**
 * Resolves once `url` answers 2xx and, when given, the process has printed `printed` (the line it writes once it
 * listens: an answer alone may come from another process that took the port first, while this one fails with
 * EADDRINUSE); fails at once if the process exits first, or after `timeoutMs` (generous: the machine may be busy
 * with other work), with the process's output.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {() => string} logs
 * @param {string} [printed]
 */
async function waitForOk(url, child, logs, timeoutMs = 90_000, printed = undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered:\n${logs()}`);
    try {
      if ((printed === undefined || logs().includes(printed)) && (await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${logs()}`);
}

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited.
 * @param {import('node:child_process').ChildProcess | null | undefined} child
 */
async function stopChild(child, graceMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/** The lines the builds print once they listen at `url` (server/src/main.ts, sandbox/src/main.ts): for `printed`. */
const serverListening = (url) => `Parley is running at ${url}`;
const sandboxListening = (url) => `Parley sandbox (Meta stand-in) on ${url}`;

module.exports = { spawnNode, stopChild, waitForOk, serverListening, sandboxListening };
