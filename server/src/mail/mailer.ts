/**
 * Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise a local outbox: each mail is written as
 * JSON `{ to, subject, text, html, code?, sentAt }` to OUTBOX_DIR/<timestamp>-<random>.json and logged, so
 * the demo user (through the sandbox's page) and the tests can read the codes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code the mail carries, if any: kept in the outbox file for tests and the demo. */
  code?: string;
}

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The slice of a logger the mailer needs (Fastify's logger fits). */
export interface MailLog {
  info(details: object, message: string): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: MailLog;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
  // Loaded only when SMTP is configured: the outbox never needs it.
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
      log.info({ to, subject }, `mail to ${to}: ${subject}`);
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer({ outboxDir, log }: MailerOptions): Mailer {
  // Strictly increasing stamps, so file names sort in sending order even within one millisecond.
  let lastStamp = 0;
  return {
    kind: 'outbox',
    async send(message) {
      lastStamp = Math.max(Date.now(), lastStamp + 1);
      const sentAt = new Date(lastStamp);
      const entry: OutboxEntry = { ...message, sentAt: sentAt.toISOString() };
      await fs.mkdir(outboxDir, { recursive: true });
      // The random part keeps mails of several processes sharing one outbox apart.
      const name = `${sentAt.getTime()}-${crypto.randomBytes(4).toString('hex')}.json`;
      await fs.writeFile(path.join(outboxDir, name), JSON.stringify(entry, null, 2));
      log.info({ to: message.to, subject: message.subject, outbox: name }, `mail to ${message.to}: ${message.subject}`);
    },
    async close() {},
  };
}

/** Reads the outbox, oldest first (used by tests and the sandbox's mail page). */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names.map(async (name) => JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8')) as OutboxEntry),
  );
  return entries;
}
