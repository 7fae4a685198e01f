import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const { spawnNode, stopChild, waitForOk } = require('./processes.cjs');
const { freePort } = require('./free-port.cjs');

// A stack's child is ready when it answers AND says it listens: another process that took its port answers too,
// while the child itself fails with EADDRINUSE (a browser test's stack once talked to another stack's sandbox:
// docs/reliability.md).
describe('waitForOk', () => {
  let dir: string;
  let script: string;
  const children: any[] = [];
  const start = (port: number) => {
    const output: string[] = [];
    const child = spawnNode(script, { env: { PORT: String(port) }, sink: output });
    children.push(child);
    return { child, logs: () => output.join('') };
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-processes-'));
    script = path.join(dir, 'listen.cjs');
    fs.writeFileSync(
      script,
      `const port = Number(process.env.PORT);
      require('node:http').createServer((_, res) => res.end('ok')).listen(port, '127.0.0.1', () => console.log('listening on ' + port));`,
    );
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => stopChild(child, 2000)));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the line the process prints once it listens, and fails when another process holds its port', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const first = start(port);
    await waitForOk(url, first.child, first.logs, 30_000, `listening on ${port}`);

    const second = start(port);
    await expect(waitForOk(url, second.child, second.logs, 30_000, `listening on ${port}`)).rejects.toThrow(
      /EADDRINUSE/,
    );
  });
});
