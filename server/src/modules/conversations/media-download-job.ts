/**
 * The `media.download` job: an incoming message's file from WhatsApp into our Storage. The media id resolves
 * to a short-lived URL that needs the account's bearer token; failures are retried with backoff (WhatsApp
 * keeps the file 7 days). When the file is stored — or WhatsApp refuses it for good — the message is updated
 * and a `message` event tells the clients. A download that is not the file Meta described (HTML page, other type,
 * size or SHA-256) counts as failed and is retried with a fresh URL; it is never stored as the file. While Meta
 * refuses the account's token (disconnected) a download waits: the reconnect queues it again (resumeHeldDownloads).
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { GraphError } from '../../channel/whatsapp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition, JobRunner } from '../../jobs';
import type { Realtime } from '../../realtime/realtime';
import type { Storage } from '../../storage/storage';
import { disconnectAfterRefusal, isTokenRefusal } from '../credentials/connection-state';
import { getCredentials } from '../credentials/service';
import { graphClientFor } from './connection';
import { MEDIA_DOWNLOAD_JOB } from './job-kinds';
import type { MessageEvents } from './events';
import { messages } from './schema';
import { channelTiming } from './timing';

export interface MediaDownloadDeps {
  db: Db;
  config: Config;
  storage: Storage;
  events: MessageEvents;
  realtime: Realtime;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'video/3gpp': '.3gp',
  'audio/aac': '.aac',
  'audio/amr': '.amr',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/ogg': '.ogg',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
};

export const extensionFor = (mimeType: string) => EXTENSIONS[mimeType.split(';')[0].trim().toLowerCase()] ?? '';

export function createMediaDownloadJob({
  db,
  config,
  storage,
  events,
  realtime,
}: MediaDownloadDeps): JobDefinition<{ messageId: string }> {
  const markUnavailable = async (messageId: string) => {
    await db
      .update(messages)
      .set({
        content: sql`${messages.content} || '{"mediaUnavailable": true}'::jsonb`,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(messages.id, messageId));
    await events.emit(messageId);
  };

  return {
    backoff: channelTiming.downloadBackoff,
    async run(job) {
      const [message] = await db.select().from(messages).where(eq(messages.id, job.payload.messageId)).limit(1);
      if (!message || message.storageKey || !message.mediaId) return;
      const connection = await getCredentials({ db, config }, message.accountId);
      if (!connection) throw new Error('WhatsApp is not connected for this account');
      // Held until the reconnect, which queues the download again (Meta keeps the file for weeks).
      if (connection.status !== 'connected') return;
      const graph = graphClientFor(config, connection);
      let file: { data: Buffer; mimeType: string };
      let declaredType: string;
      try {
        const info = await graph.getMedia(message.mediaId, connection.phoneNumberId);
        declaredType = info.mimeType;
        // What Meta described is what must arrive; anything else (an expired URL's HTML page) is retried.
        file = await graph.downloadMedia(info.url, {
          mimeType: info.mimeType,
          fileSize: info.fileSize,
          sha256: info.sha256 || message.content.sha256,
        });
      } catch (error) {
        // A refused token refuses every call: tell the staff; the download waits for the reconnect.
        if (error instanceof GraphError && isTokenRefusal(error))
          return disconnectAfterRefusal({ db, realtime }, message.accountId, error);
        // Unknown or expired media ids never come back: stop retrying and say so.
        if (
          error instanceof GraphError &&
          error.kind === 'permanent' &&
          error.httpStatus !== 401 &&
          error.httpStatus !== 403
        ) {
          return markUnavailable(message.id);
        }
        throw error;
      }
      const mimeType = (message.content.mimeType ?? declaredType ?? file.mimeType).split(';')[0].trim();
      const key = `accounts/${message.accountId}/messages/${message.id}${extensionFor(mimeType)}`;
      await storage.put(key, file.data, { contentType: mimeType, size: file.data.length });
      await db
        .update(messages)
        .set({
          storageKey: key,
          content: sql`${messages.content} || ${JSON.stringify({ size: file.data.length, mimeType: message.content.mimeType ?? mimeType })}::jsonb`,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(messages.id, message.id));
      await events.emit(message.id);
    },
    async giveUp(job) {
      await markUnavailable(job.payload.messageId);
    },
  };
}

/** After a reconnect: a download job for every incoming file still to fetch (held while disconnected). */
export async function resumeHeldDownloads(db: Db, jobs: JobRunner, accountId: string): Promise<number> {
  const held = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.direction, 'incoming'),
        isNotNull(messages.mediaId),
        isNull(messages.storageKey),
        sql`coalesce((${messages.content} ->> 'mediaUnavailable')::boolean, false) = false`,
      ),
    )
    .orderBy(asc(messages.createdAt));
  if (held.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const message of held)
      await jobs.enqueue(tx, { kind: MEDIA_DOWNLOAD_JOB, payload: { messageId: message.id }, maxAttempts: 8 });
  });
  jobs.poke();
  return held.length;
}
