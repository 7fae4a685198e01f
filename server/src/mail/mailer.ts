/**
 * Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise a local outbox: each mail is written as
 * JSON `{ to, subject, text, html, code?, sentAt }` to OUTBOX_DIR/<timestamp>-<random>.json and logged, so
 * the demo user (through the sandbox's page) and the tests can read the codes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
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
  return {
    kind: 'outbox',
    async send(message) {
      const sentAt = new Date();
      const entry: OutboxEntry = { ...message, sentAt: sentAt.toISOString() };
      await fs.mkdir(outboxDir, { recursive: true });
      // Timestamp first so names sort in sending order; the random part keeps same-millisecond mails apart.
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
