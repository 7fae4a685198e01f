import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import paths from './paths.cjs';

const { ROOT } = paths;
const GNU_TIME = '/usr/bin/time';
let steps = 0;

function readCpuSeconds(file) {
  if (!file) return undefined;
  try {
    const [user, system] = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
    fs.rmSync(file, { force: true });
    return Number.isFinite(user + system) ? Number((user + system).toFixed(1)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one step of the test command; resolves with whether it passed and how long it took. With `logFile` its
 * output goes there and is printed whole when it ends (steps that run at the same time stay readable), else it
 * streams.
 */
export function runStep({ title, command, args, env = {}, logFile }) {
  const line = `${command} ${args.join(' ')}`;
  console.log(logFile ? `\n=== ${title}: started (${line})` : `\n=== ${title}: ${line}`);
  const started = Date.now();
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  // CPU seconds (user + system, the step and every process it waited for) tell what a step costs whatever else
  // the machine is doing: GNU time writes them to a file when it is installed.
  const cpuFile = fs.existsSync(GNU_TIME) ? path.join(os.tmpdir(), `parley-step-cpu-${process.pid}-${++steps}`) : null;
  const [program, programArgs] = cpuFile
    ? [GNU_TIME, ['-q', '-f', '%U %S', '-o', cpuFile, command, ...args]]
    : [command, args];
  const child = spawn(program, programArgs, {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    let finished = false;
    const finish = (code, error) => {
      if (finished) return;
      finished = true;
      if (logFile) {
        fs.closeSync(out);
        console.log(`\n=== ${title}: ${line}`);
        process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      }
      if (error) console.log(`=== ${title}: could not start: ${error.message}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const cpuSeconds = readCpuSeconds(cpuFile);
      const passed = code === 0;
      const cpu = cpuSeconds === undefined ? '' : `, ${cpuSeconds} CPU-s`;
      console.log(`=== ${title}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s${cpu}`);
      resolve({ title, passed, seconds, cpuSeconds });
    };
    child.once('error', (error) => finish(null, error));
    child.once('exit', (code) => finish(code));
  });
}
