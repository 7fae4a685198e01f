import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, readOutbox } from './mailer';
import { verificationMail } from './templates';

const silent = { info: () => undefined };

describe('mailer', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const received: { from?: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Parley <no-reply@parley.test>',
      outboxDir: '/nonexistent',
      log: silent,
    });
    try {
      expect(mailer.kind).toBe('smtp');
      await mailer.send(verificationMail('ada@example.test', '123456', 'http://localhost:3000', 'en'));
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('no-reply@parley.test');
      expect(received[0].to).toEqual(['ada@example.test']);
      expect(received[0].data).toContain('Subject: Your Parley verification code');
      expect(received[0].data).toContain('123456');
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  it('writes each mail to the outbox as JSON and logs it when no SMTP is set', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-outbox-'));
    const lines: string[] = [];
    const log = { info: (_details: object, message: string) => void lines.push(message) };
    const mailer = createMailer({ from: 'Parley <x@y.z>', outboxDir, log });
    try {
      expect(mailer.kind).toBe('outbox');
      await mailer.send(verificationMail('ada@example.test', '654321', 'http://localhost:3000', 'en'));
      await mailer.send({ to: 'bob@example.test', subject: 'Hi', text: 'hi', html: '<p>hi</p>' });
      const files = await fs.readdir(outboxDir);
      expect(files).toHaveLength(2);
      expect(files.every((name) => /^\d+-[0-9a-f]{8}\.json$/.test(name))).toBe(true);
      const mails = await readOutbox(outboxDir);
      expect(mails[0]).toMatchObject({
        to: 'ada@example.test',
        subject: 'Your Parley verification code',
        code: '654321',
      });
      expect(mails[0].text).toContain('654321');
      expect(mails[0].html).toContain('654321');
      expect(new Date(mails[0].sentAt).getTime()).not.toBeNaN();
      expect(mails[1]).toMatchObject({ to: 'bob@example.test', subject: 'Hi' });
      expect(lines.join('\n')).toContain('mail to ada@example.test: Your Parley verification code');
    } finally {
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });
});
