/**
 * The `message.send` job: one pending outgoing message to the Graph API, never twice.
 *
 *  1. Nothing to do unless the message is still pending without a wamid.
 *  2. Media: upload our copy first (once: the media id is kept, an upload repeated after a crash is harmless).
 *  3. Mark `sendingAt` (atomically, only if unmarked), THEN call the Graph API. A run that finds the mark already
 *     set cannot know whether WhatsApp got the message (the previous run died during the call): the message
 *     fails as ambiguous and the agent may retry it, rather than risk a duplicate.
 *  4. Outcome: accepted → wamid stored, status sent (+ statuses that arrived first); retryable (rate limit,
 *     connection refused: certainly not sent) → mark cleared, retried with backoff up to the attempt limit;
 *     ambiguous (time-out, 5xx) → failed, not re-sent; permanent (window, validation) → failed with Meta's code
 *     and title. Meta's wa_id in the answer is kept on the contact (it can differ from the number we sent to).
 *  5. Held: while the account's connection is disconnected, and when Meta refuses the token itself (190, 102,
 *     463/464: certainly not sent), the message stays pending without a job; the connection is marked
 *     disconnected and a reconnect resumes every held message in order (outbound.ts resumeHeldSends).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GraphError, type Recipient } from '../../channel/whatsapp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { retryTransient } from '../../db/errors';
import { backoffDelay } from '../../jobs/backoff';
import { RetryJob, type ClaimedJob, type JobDefinition } from '../../jobs';
import type { Storage } from '../../storage/storage';
import type { Realtime } from '../../realtime/realtime';
import { contacts, type ContactRow } from '../contacts/schema';
import { recordSendWaId } from '../contacts/service';
import { getCredentials } from '../credentials/service';
import { disconnectAfterRefusal, isTokenRefusal } from '../credentials/connection-state';
import { graphClientFor, NOT_CONNECTED_MESSAGE } from './connection';
import { recordAcceptedSend } from './delivery-status';
import type { MessageEvents } from './events';
import { buildOutboundPayload, isMediaType } from './outbound';
import { conversations, messages, type MessageRow } from './schema';
import { channelTiming } from './timing';

export interface SendJobDeps {
  db: Db;
  config: Config;
  storage: Storage;
  events: MessageEvents;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** Our own reasons, shown as the error code where Meta gave none. */
export const SEND_FAILURES = {
  interrupted: {
    code: 'interrupted',
    title: 'Sending was interrupted, so it is unknown whether WhatsApp received this message. Retry to send it again.',
  },
  timeout: {
    code: 'timeout',
    title:
      'WhatsApp did not answer in time, so it is unknown whether it received this message. Retry to send it again.',
  },
  notConnected: { code: 'not_connected', title: NOT_CONNECTED_MESSAGE },
  noRecipient: { code: 'no_recipient', title: 'This contact has no WhatsApp number or user id to send to' },
} as const;

/** Where WhatsApp delivers to: Meta's wa_id, else the phone, else the business-scoped user id. */
export function recipientOf(contact: Pick<ContactRow, 'waId' | 'phone' | 'userId'>): Recipient | null {
  const number = contact.waId ?? contact.phone;
  if (number) return number;
  return contact.userId ? { userId: contact.userId } : null;
}

/** Meta's code and title, and its `error_data.details` when it gave them. */
type Failure = { code: string; title: string; details?: string };

async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const UNKNOWN_OUTCOME = 'It is unknown whether WhatsApp received this message: retry to send it again.';

/** Meta's code and title (or the HTTP status / our reason when there is no code); ambiguous ones say so. */
export function failureOf(error: GraphError): Failure {
  if (error.httpStatus === null && /timed out/i.test(error.title)) return SEND_FAILURES.timeout;
  const code =
    error.code !== null ? String(error.code) : error.httpStatus !== null ? String(error.httpStatus) : 'connection';
  const title = error.title.replace(/\.?$/, '');
  return {
    code,
    title: error.kind === 'ambiguous' ? `${title}. ${UNKNOWN_OUTCOME}` : error.title,
    ...(error.details ? { details: error.details } : {}),
  };
}

export function createSendJob(deps: SendJobDeps): JobDefinition<{ messageId: string }> {
  const { db, config, storage, events, realtime, log } = deps;

  const fail = async (messageId: string, failure: Failure) => {
    await db
      .update(messages)
      .set({
        status: 'failed',
        errorCode: failure.code,
        errorTitle: failure.title,
        errorDetails: failure.details ?? null,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(and(eq(messages.id, messageId), eq(messages.status, 'pending')));
    await events.emit(messageId);
  };

  const load = async (messageId: string) => {
    const [row] = await db
      .select({
        message: messages,
        contact: { id: contacts.id, waId: contacts.waId, phone: contacts.phone, userId: contacts.userId },
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(eq(messages.id, messageId))
      .limit(1);
    return row;
  };

  const quotedWamid = async (message: MessageRow) => {
    if (!message.replyToId) return null;
    const [quoted] = await db
      .select({ wamid: messages.wamid })
      .from(messages)
      .where(eq(messages.id, message.replyToId))
      .limit(1);
    return quoted?.wamid ?? null;
  };

  async function run(job: ClaimedJob<{ messageId: string }>) {
    const loaded = await load(job.payload.messageId);
    if (!loaded) return;
    const { message, contact } = loaded;
    if (message.direction !== 'outgoing' || message.status !== 'pending' || message.wamid) return;
    if (message.sendingAt) return fail(message.id, SEND_FAILURES.interrupted);

    const connection = await getCredentials({ db, config }, message.accountId);
    if (!connection) return fail(message.id, SEND_FAILURES.notConnected);
    // Held: stays pending; the reconnect queues it again.
    if (connection.status !== 'connected') return;
    const to = recipientOf(contact);
    if (!to) return fail(message.id, SEND_FAILURES.noRecipient);
    const graph = graphClientFor(config, connection);
    const hold = (error: GraphError) => disconnectAfterRefusal({ db, realtime }, message.accountId, error);

    let mediaId = message.mediaId;
    if (isMediaType(message.type) && !mediaId) {
      if (!message.storageKey)
        return fail(message.id, { code: 'no_file', title: 'The file of this message is missing' });
      try {
        const data = await readStored(storage, message.storageKey);
        const uploaded = await graph.uploadMedia(connection.phoneNumberId, {
          data,
          mimeType: message.content.mimeType ?? 'application/octet-stream',
          fileName: message.content.fileName ?? 'file',
        });
        mediaId = uploaded.id;
      } catch (error) {
        if (error instanceof GraphError && isTokenRefusal(error)) return hold(error);
        // An upload that may or may not have happened is harmless to repeat: only a refusal is final.
        if (error instanceof GraphError && error.kind === 'permanent') return fail(message.id, failureOf(error));
        if (job.isLastAttempt)
          return fail(
            message.id,
            error instanceof GraphError
              ? failureOf(error)
              : { code: 'upload', title: 'The file could not be uploaded to WhatsApp' },
          );
        throw new RetryJob(`media upload failed: ${(error as Error).message}`);
      }
      await db.update(messages).set({ mediaId }).where(eq(messages.id, message.id));
    }

    const payload = buildOutboundPayload(message, to, await quotedWamid(message), mediaId);

    const [marked] = await db
      .update(messages)
      .set({ sendingAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(messages.id, message.id),
          eq(messages.status, 'pending'),
          isNull(messages.sendingAt),
          isNull(messages.wamid),
        ),
      )
      .returning({ id: messages.id });
    if (!marked) return;

    let sent: Awaited<ReturnType<typeof graph.sendMessage>>;
    try {
      sent = await graph.sendMessage(connection.phoneNumberId, payload);
    } catch (error) {
      if (!(error instanceof GraphError))
        return fail(message.id, { code: 'error', title: `Sending failed unexpectedly: ${(error as Error).message}` });
      if (isTokenRefusal(error)) {
        // Meta refused the token before looking at the message: certainly not sent, so it waits for a reconnect.
        await db.update(messages).set({ sendingAt: null }).where(eq(messages.id, message.id));
        return hold(error);
      }
      if (error.kind === 'retryable') {
        // Certainly not sent: clear the mark so the next run may send.
        await db.update(messages).set({ sendingAt: null }).where(eq(messages.id, message.id));
        if (job.isLastAttempt) return fail(message.id, failureOf(error));
        const retryAfterMs =
          error.extra.retryAfterSeconds !== undefined ? error.extra.retryAfterSeconds * 1000 : undefined;
        const delay = Math.max(
          retryAfterMs ?? 0,
          backoffDelay(job.attempts, channelTiming.sendBackoff.baseMs, channelTiming.sendBackoff.maxMs),
        );
        log.info({ messageId: message.id, code: error.code, delay }, 'send refused for now; will retry');
        throw new RetryJob(error.message, delay);
      }
      return fail(message.id, failureOf(error));
    }
    // WhatsApp has the message now: this must not fail for a deadlock with a webhook group (a later run would find
    // the send under way and call it interrupted, although it went out).
    await retryTransient(() =>
      db.transaction(async (tx) => {
        await recordAcceptedSend(tx, message.accountId, message.id, sent.wamid);
        if (sent.waId) await recordSendWaId(tx, message.accountId, contact.id, sent.waId);
      }),
    );
    await events.emit(message.id);
  }

  return {
    run,
    backoff: channelTiming.sendBackoff,
    async giveUp(job, reason) {
      const loaded = await load(job.payload.messageId);
      if (!loaded || loaded.message.status !== 'pending' || loaded.message.wamid) return;
      await fail(
        loaded.message.id,
        loaded.message.sendingAt
          ? SEND_FAILURES.interrupted
          : { code: 'not_sent', title: `The message could not be sent: ${reason}` },
      );
    },
  };
}
