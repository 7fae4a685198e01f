/**
 * Read receipts (blue ticks for the customer): `POST /api/conversations/{id}/read` (user), called by the inbox
 * while a conversation is open and visible, reads the conversation for the caller (unread.ts) and marks the conversation's newest incoming message read on WhatsApp —
 * once per message: the first view claims it (`readReceiptAt`), so other staff's views, re-renders and
 * reconnects send nothing more. The Graph call runs in the `message.read` job, with the typing indicator
 * (Meta's "Typing indicators" page: a read receipt may carry it; it goes away on our reply or after 25 s).
 * A failed call changes nothing for staff: it is retried a little, then dropped.
 */
import { and, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GraphError } from '../../channel/whatsapp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { idParams, readReceiptAnswer } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import { RetryJob, type JobDefinition, type JobRunner } from '../../jobs';
import type { Realtime } from '../../realtime/realtime';
import { getCredentials } from '../credentials/service';
import { disconnectAfterRefusal, isTokenRefusal } from '../credentials/connection-state';
import { createAnnouncer } from './announce';
import { graphClientFor } from './connection';
import { READ_RECEIPT_JOB } from './job-kinds';
import { createMediaLinkSigner } from './media-links';
import { getConversation } from './queries';
import { messages } from './schema';
import { markConversationRead } from './unread';

export interface ReadReceiptDeps {
  db: Db;
  config: Config;
  jobs: JobRunner;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

const NOTICE_TYPES = ['system', 'request_welcome'];

/** Claims the newest incoming message for a read receipt; its id when this call claimed it, else null. */
export async function claimReadReceipt(
  db: Db,
  jobs: JobRunner,
  accountId: string,
  conversationId: string,
): Promise<string | null> {
  const [newest] = await db
    .select({ id: messages.id, readReceiptAt: messages.readReceiptAt })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        eq(messages.direction, 'incoming'),
        isNotNull(messages.wamid),
        // WhatsApp's own notices are not the customer's messages: nothing to mark.
        notInArray(messages.type, NOTICE_TYPES),
      ),
    )
    .orderBy(sql`coalesce(${messages.sentAt}, ${messages.createdAt}) desc`, desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!newest || newest.readReceiptAt) return null;
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ readReceiptAt: sql`clock_timestamp()` })
      .where(and(eq(messages.id, newest.id), isNull(messages.readReceiptAt)))
      .returning({ id: messages.id });
    if (row) await jobs.enqueue(tx, { kind: READ_RECEIPT_JOB, payload: { messageId: row.id }, maxAttempts: 3 });
    return row?.id ?? null;
  });
  if (claimed) jobs.poke();
  return claimed;
}

export function createReadReceiptJob({
  db,
  config,
  realtime,
  log,
}: ReadReceiptDeps): JobDefinition<{ messageId: string }> {
  return {
    backoff: { baseMs: 1000, maxMs: 30_000 },
    async run(job) {
      const [message] = await db.select().from(messages).where(eq(messages.id, job.payload.messageId)).limit(1);
      if (!message?.wamid) return;
      const connection = await getCredentials({ db, config }, message.accountId);
      if (!connection || connection.status !== 'connected') return;
      try {
        await graphClientFor(config, connection).markRead(connection.phoneNumberId, message.wamid, { typing: true });
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (isTokenRefusal(error)) return disconnectAfterRefusal({ db, realtime }, message.accountId, error);
        if (error.kind !== 'permanent' && !job.isLastAttempt) throw new RetryJob(error.message);
        log.info({ messageId: message.id, code: error.code }, 'read receipt not sent');
      }
    },
  };
}

export function registerReadReceipts(app: FastifyInstance, deps: ReadReceiptDeps): void {
  deps.jobs.register(READ_RECEIPT_JOB, createReadReceiptJob(deps));
  const announcer = createAnnouncer(
    deps.db,
    deps.realtime,
    createMediaLinkSigner(deps.config.auth.jwtSecret),
    deps.log,
  );
  typed(app).post(
    '/api/conversations/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Messages'],
        summary: 'Read the conversation for the caller; marks its newest incoming message read on WhatsApp once',
        params: idParams,
        response: { 200: readReceiptAnswer, ...refusals },
      },
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const { conversation } = await getConversation(deps.db, accountId, request.params.id);
      // Read for this staff member (unread.ts); their other devices hear it through the `conversation` event.
      await announcer.transaction(async (tx, changes) => {
        await markConversationRead(tx, userId, conversation.id);
        changes.conversation(conversation.id);
      });
      return { markedMessageId: await claimReadReceipt(deps.db, deps.jobs, accountId, conversation.id) };
    },
  );
}
