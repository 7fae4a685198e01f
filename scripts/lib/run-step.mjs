import { spawnSync } from 'node:child_process';
import paths from './paths.cjs';

const { ROOT } = paths;

/** Runs one step of the test command, streaming its output; returns whether it passed and how long it took. */
export function runStep(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = result.status === 0;
  console.log(`=== ${title}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
  return { title, passed, seconds };
}
