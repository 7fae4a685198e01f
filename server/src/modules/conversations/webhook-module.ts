/**
 * WhatsApp's webhook, as the conversations module reads it: the channel (channel/whatsapp/webhook-routes.ts)
 * checks Meta's signature and envelope; what each event means for conversations, messages and statuses is
 * decided here (webhook-events.ts), committed in groups (webhook-commit.ts) and announced after the commit.
 */
import { registerWhatsAppWebhook } from '../../channel/whatsapp/webhook-routes';
import type { AppModule } from '../../services';
import { createAnnouncer } from './announce';
import { createMediaLinkSigner } from './media-links';
import { createWebhookCommitter } from './webhook-commit';
import { handleWebhookEvents } from './webhook-events';

export const whatsappWebhookModule: AppModule = {
  name: 'whatsapp-webhook',
  async register(app, { db, dbKind, config, jobs, realtime }) {
    // Committed webhook changes are announced (messages, and the conversations they changed) by the announcer.
    const events = createAnnouncer(db, realtime, createMediaLinkSigner(config.auth.jwtSecret), app.log);
    // PGlite has one connection; on PostgreSQL, groups may use half the pool and leave the rest to the API.
    const parallel = dbKind === 'postgres' ? Math.max(1, Math.floor(config.database.poolMax / 2)) : 1;
    // Events per transaction. PGlite runs its queries on the server's only thread: with a slice of 10, another
    // account's API p99 during a 1,000-message batch was 51–73 ms against 88–154 with 25, the batch 1.0–1.2 s
    // against 0.76–0.83 (bench P7, docs/reliability.md "Batches and connects").
    const sliceEvents = dbKind === 'postgres' ? 100 : 10;
    // How long a webhook waits for others to share its statement (and, on PostgreSQL, its round trip). Each
    // statement costs a fixed part that a group shares: PGlite's executor on the server's own thread; on
    // PostgreSQL the send and the answer's wake-up on the server, and the database's own parse and commit. At 200
    // one-message webhooks a second, 20 ms rather than 6 took the server's CPU per message from 2.63–3.74 to
    // 2.16–2.57 ms on PGlite and from 1.25–1.41 to 1.04–1.36 on PostgreSQL, for a median delivery 3–5 ms later
    // (bench P1, docs/reliability.md "Webhook path CPU"). Webhooks that arrive while a group commits form the
    // next group, which does not wait.
    const windowMs = 20;
    const committer = createWebhookCommitter({ db, jobs, events, log: app.log, parallel, sliceEvents, windowMs });
    await registerWhatsAppWebhook(app, {
      appSecret: config.whatsapp.appSecret,
      verifyToken: config.whatsapp.verifyToken,
      handleEvents: (parsed, log) => handleWebhookEvents({ db, committer, log }, parsed),
    });
  },
};
