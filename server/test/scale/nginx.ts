/**
 * nginx for tests: installed from Debian when missing, run in the foreground as a child process with the
 * repository's deploy/nginx.conf (its upstream and listen lines pointed at the test's ports) on a free port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './cluster';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const DEPLOY_CONFIG = path.resolve(__dirname, '../../../deploy/nginx.conf');

/** Installs Debian's nginx when it is missing (the service is not started: policy-rc.d or no init). */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, stdio: 'pipe', timeout: 240_000 });
  try {
    install();
  } catch {
    // Package lists may be missing or stale.
    execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'pipe', timeout: 240_000 });
    install();
  }
  if (!fs.existsSync(NGINX)) throw new Error(`apt-get installed nginx but ${NGINX} is missing`);
}

/** deploy/nginx.conf with its upstream servers and listen address replaced. */
export function deployConfigFor(upstreamPorts: number[], listenPort: number): string {
  const original = fs.readFileSync(DEPLOY_CONFIG, 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  const withUpstreams = original.replace(/(upstream parley \{[\s\S]*?)((?:\s*server [^;]+;)+)/, `$1\n${servers}`);
  const result = withUpstreams.replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  if (result === original || !result.includes(`listen 127.0.0.1:${listenPort};`) || !result.includes(servers)) {
    throw new Error(
      'deploy/nginx.conf no longer has the `upstream parley { server …; }` and `listen 80;` lines the test rewrites',
    );
  }
  return result;
}

export interface RunningNginx {
  url: string;
  logs(): string;
  stop(): Promise<void>;
}

export async function startNginx(dir: string, siteConfig: string, listenPort: number): Promise<RunningNginx> {
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'parley.conf'), siteConfig);
  // The main config a distribution would ship, reduced: foreground, one process, everything under `dir`.
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'parley.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const output: string[] = [];
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const logs = () => {
    const errorLog = path.join(dir, 'error.log');
    return `${output.join('')}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  };
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${logs()}`);
        try {
          return (await fetch(`${url}/healthz`)).ok;
        } catch {
          return false;
        }
      },
      'nginx to answer',
      10_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logs, stop };
}
