/**
 * The `media.download` job: an incoming message's file from WhatsApp into our Storage. The media id resolves
 * to a short-lived URL that needs the account's bearer token; failures are retried with backoff (WhatsApp
 * keeps the file 7 days). When the file is stored — or WhatsApp refuses it for good — the message is updated
 * and a `message` event tells the clients.
 */
import { eq, sql } from 'drizzle-orm';
import { GraphError } from '../../channel/whatsapp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs';
import type { Storage } from '../../storage/storage';
import { graphClientFor, usableConnection } from './connection';
import type { MessageEvents } from './events';
import { messages } from './schema';
import { channelTiming } from './timing';

export interface MediaDownloadDeps {
  db: Db;
  config: Config;
  storage: Storage;
  events: MessageEvents;
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
      const connection = await usableConnection({ db, config }, message.accountId);
      if (!connection) throw new Error('WhatsApp is not connected for this account');
      const graph = graphClientFor(config, connection);
      let file: { data: Buffer; mimeType: string };
      let declaredType: string;
      try {
        const info = await graph.getMedia(message.mediaId, connection.phoneNumberId);
        declaredType = info.mimeType;
        file = await graph.downloadMedia(info.url);
      } catch (error) {
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
