// The baseline of P1/P2/P6: a bare relay. Fastify takes the signed webhook POST (same raw-bytes HMAC check as
// Parley), parses it, and emits an event shaped like Parley's `message` on socket.io to every connected
// client. No database, no accounts: what the realtime path costs without Parley's work.
// Started as its own process (like the server): prints `{"port":N}` on stdout once listening.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Fastify = require('fastify');
const { Server } = require('socket.io');

const appSecret = process.env.RELAY_APP_SECRET ?? '';
const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

function signatureMatches(raw, header) {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(String(header ?? ''));
  if (!match) return false;
  const expected = crypto.createHmac('sha256', appSecret).update(raw).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

let seq = 0;
const id = () => `00000000-0000-4000-8000-${String((seq += 1)).padStart(12, '0')}`;

app.post('/webhooks/whatsapp', async (request, reply) => {
  const raw = request.body;
  if (!signatureMatches(raw, request.headers['x-hub-signature-256']))
    return reply.status(401).send({ message: 'bad signature' });
  const payload = JSON.parse(raw.toString('utf8'));
  const now = new Date().toISOString();
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const contact = change.value?.contacts?.[0];
      for (const message of change.value?.messages ?? []) {
        const conversationId = `conv-${message.from}`;
        io.to('account').emit('message', {
          conversationId,
          message: {
            id: id(),
            conversationId,
            type: message.type,
            direction: 'incoming',
            content: { text: message.text?.body },
            replyTo: null,
            error: null,
            reactions: [],
            createdAt: now,
            updatedAt: now,
          },
          conversation: {
            id: conversationId,
            status: 'active',
            contact: {
              id: `contact-${message.from}`,
              name: null,
              profileName: contact?.profile?.name ?? null,
              phone: message.from,
              email: null,
            },
            lastMessage: { incoming: true, timestamp: now },
            canSendFreeForm: true,
            createdAt: now,
            updatedAt: now,
          },
        });
      }
    }
  }
  return reply.status(200).send({ ok: true });
});

const io = new Server(app.server, { serveClient: false });
io.on('connection', (socket) => void socket.join('account'));

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));
const stop = () => {
  io.close();
  app.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
