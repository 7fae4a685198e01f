import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from '../cli';
import type { RunningSandbox } from '../sandbox';
import { startSandboxWithoutWebhooks } from '../test-support/webhook-receiver';

describe('pages and CLI', () => {
  let sandbox: RunningSandbox;
  let outboxDir: string;

  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    await writeFile(
      path.join(outboxDir, 'a.json'),
      JSON.stringify({ to: 'old@example.com', subject: 'Old', text: 'old', sentAt: '2026-01-01T10:00:00Z' }),
    );
    await writeFile(
      path.join(outboxDir, 'b.json'),
      JSON.stringify({
        to: 'new@example.com',
        subject: 'Verify <you>',
        text: 'code',
        code: '123456',
        sentAt: '2026-01-02T10:00:00Z',
      }),
    );
    sandbox = await startSandboxWithoutWebhooks({ outboxDir });
  });
  afterAll(() => sandbox.close());

  it('shows the outbox newest first, escaped', async () => {
    const mails = (await (await fetch(`${sandbox.url}/outbox.json`)).json()) as Array<{ subject: string }>;
    expect(mails.map((mail) => mail.subject)).toEqual(['Verify <you>', 'Old']);
    const html = await (await fetch(`${sandbox.url}/outbox`)).text();
    expect(html).toContain('Verify &#60;you&#62;');
    expect(html).toContain('123456');
    expect(html.indexOf('new@example.com')).toBeLessThan(html.indexOf('old@example.com'));
  });

  it('serves the customer page and a fake SDK that defines FB.init and FB.login', async () => {
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('play a customer');
    const sdk = await fetch(`${sandbox.url}/sdk.js`);
    expect(sdk.headers.get('content-type')).toContain('javascript');
    const source = await sdk.text();
    expect(source).toContain('WA_EMBEDDED_SIGNUP');
    expect(() => new Function(source)).not.toThrow();
  });

  it('the CLI sends a text as a customer', async () => {
    const output = await run(['+15550008', '--name', 'Cli', 'Hi from the terminal'], { SANDBOX_URL: sandbox.url });
    expect(output).toMatch(/^sent text from \+15550008: wamid\./);
    const message = sandbox.state.messages.at(-1);
    expect(message?.payload).toMatchObject({ from: '15550008', text: { body: 'Hi from the terminal' } });
    expect(sandbox.state.customers.get('15550008')?.name).toBe('Cli');
  });
});
