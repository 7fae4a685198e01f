/**
 * Conformance with an independent oracle: whatsapp-api-js (a kept TypeScript client of Meta's Cloud API, written
 * by others; a dev dependency). Three checks, so a shape that drifts from what the wider ecosystem accepts fails:
 *  - every body Parley sends (channel/whatsapp/outbound-payload.ts) is what whatsapp-api-js builds for the same
 *    message: each field we send is one it sends too, with the same value;
 *  - the sandbox, as a Graph API, accepts the library's own sends and read receipts and answers them in the
 *    shapes the library's types describe (`ServerMessageResponse`, `ServerMarkAsReadResponse`);
 *  - every webhook the sandbox emits (messages of each type, username senders, statuses) passes the library's
 *    signature check and is read by its webhook handler as the same message, sender and status.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { WhatsAppAPI } from 'whatsapp-api-js';
import {
  ActionFlow,
  Audio,
  Body,
  Document,
  Footer,
  Header,
  Image,
  Interactive,
  Language,
  Location,
  Reaction,
  Template,
  Text,
} from 'whatsapp-api-js/messages';
import type { ClientMessage, PostData, ServerMessage, ServerMessageResponse } from 'whatsapp-api-js/types';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import {
  flowMessage,
  locationMessage,
  mediaMessage,
  reactionMessage,
  readReceipt,
  templateMessage,
  textMessage,
} from '../../src/channel/whatsapp/outbound-payload';

const APP_SECRET = 'conformance-app-secret';
const PHONE_ID = '100000000000002';

/** The library, with its Graph calls captured (and optionally answered by the sandbox). */
function oracle(options: { graphBase?: string; token?: string } = {}) {
  const bodies: unknown[] = [];
  const api = new WhatsAppAPI({
    token: options.token ?? 'sandbox-token-demo',
    appSecret: APP_SECRET,
    v: 'v22.0',
    ponyfill: {
      fetch: async (input, init) => {
        if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
        if (!options.graphBase) {
          return new Response(
            JSON.stringify({ messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.captured' }] }),
            { headers: { 'content-type': 'application/json' } },
          );
        }
        const url = String(input).replace('https://graph.facebook.com/v22.0', options.graphBase);
        return fetch(url, init);
      },
    },
  });
  return { api, bodies };
}

describe("Parley's send bodies are what whatsapp-api-js builds", () => {
  const { api, bodies } = oracle();
  const libraryBody = async (message: ClientMessage, context?: string) => {
    await api.sendMessage(PHONE_ID, '15550001', message, context);
    return bodies.at(-1) as Record<string, unknown>;
  };

  it.each([
    [
      'text with a link preview',
      () => textMessage('15550001', 'See https://example.com', { previewUrl: true }),
      () => libraryBody(new Text('See https://example.com', true)),
    ],
    [
      'a reply',
      () => textMessage('15550001', 'Yes', { replyTo: 'wamid.Q' }),
      () => libraryBody(new Text('Yes'), 'wamid.Q'),
    ],
    [
      'an image by media id with a caption',
      () => mediaMessage('15550001', 'image', { id: '1234' }, { caption: 'Look' }),
      () => libraryBody(new Image('1234', true, 'Look')),
    ],
    [
      'a document with its file name',
      () => mediaMessage('15550001', 'document', { id: '1235' }, { caption: 'Invoice', fileName: 'invoice.pdf' }),
      () => libraryBody(new Document('1235', true, 'Invoice', 'invoice.pdf')),
    ],
    [
      'audio (no caption)',
      () => mediaMessage('15550001', 'audio', { id: '1236' }, { caption: 'dropped' }),
      () => libraryBody(new Audio('1236', true)),
    ],
    [
      'a location',
      () => locationMessage('15550001', { latitude: 52.52, longitude: 13.4, name: 'Shop', address: 'Main St 1' }),
      () => libraryBody(new Location(13.4, 52.52, 'Shop', 'Main St 1')),
    ],
    [
      'a template',
      () => templateMessage('15550001', 'hello_world', 'en_US'),
      () => libraryBody(new Template('hello_world', new Language('en_US'))),
    ],
    [
      'a reaction',
      () => reactionMessage('15550001', 'wamid.R', '👍'),
      () => libraryBody(new Reaction('wamid.R', '👍')),
    ],
    [
      // With its first screen: the library (like Meta's older docs) requires flow_action_payload for "navigate";
      // Meta's current reference makes it optional, and Parley's form sends omit it (docs/whatsapp.md).
      'a flow (form) message',
      () =>
        flowMessage('15550001', {
          flowId: '100000000000101',
          flowCta: 'Book now',
          flowToken: 'token-1',
          body: 'Pick a time',
          header: 'Appointments',
          footer: 'Thanks',
          screen: 'BOOKING',
        }),
      () =>
        libraryBody(
          new Interactive(
            new ActionFlow({
              flow_message_version: '3',
              flow_token: 'token-1',
              flow_id: '100000000000101',
              flow_cta: 'Book now',
              flow_action: 'navigate',
              flow_action_payload: { screen: 'BOOKING' },
              mode: 'published',
            }),
            new Body('Pick a time'),
            new Header('Appointments'),
            new Footer('Thanks'),
          ),
        ),
    ],
  ])('%s', async (_name, ours, theirs) => {
    const library = await theirs();
    // Same JSON as goes over the wire; every field Parley sends is one the library sends, with the same value.
    expect(library).toMatchObject(JSON.parse(JSON.stringify(ours())));
  });

  it('a customer known only by a username: `recipient`, no `to`', async () => {
    await api.sendMessage(PHONE_ID, { bsuid: 'US.13491208655302741918' }, new Text('Hello'));
    const library = JSON.parse(JSON.stringify(bodies.at(-1)));
    const ours = textMessage({ userId: 'US.13491208655302741918' }, 'Hello');
    expect(library).toMatchObject(ours);
    expect(library).not.toHaveProperty('to');
  });

  it('a read receipt with the typing indicator', async () => {
    await api.markAsRead(PHONE_ID, 'wamid.READ', 'text');
    expect(bodies.at(-1)).toEqual(readReceipt('wamid.READ', { typing: true }));
  });
});

describe('the sandbox and whatsapp-api-js understand each other', () => {
  let sandbox: RunningSandbox;
  let receiver: FastifyInstance;
  const messages: Array<{ from: string; message: ServerMessage; name?: string; bsuid?: string }> = [];
  const statuses: Array<{ id: string; status: string; phone?: string }> = [];
  const refused: string[] = [];
  const { api: webhookApi } = oracle();
  webhookApi.on.message = ({ from, message, name, recipient }) => {
    messages.push({ from, message, name, bsuid: 'bsuid' in recipient ? recipient.bsuid : undefined });
  };
  webhookApi.on.status = ({ id, status, phone }) => {
    statuses.push({ id, status, phone });
  };

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    receiver.post('/webhook', async (request, reply) => {
      const raw = request.body as string;
      try {
        await webhookApi.post(JSON.parse(raw) as PostData, raw, String(request.headers['x-hub-signature-256']));
      } catch (error) {
        refused.push((error as Error).message);
      }
      return reply.code(200).send();
    });
    await receiver.listen({ port: 0, host: '127.0.0.1' });
    const address = receiver.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    sandbox = await startSandbox({
      port: 0,
      appSecret: APP_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/webhook`,
      statusDelaysMs: { sent: 5, delivered: 10, read: 15 },
      outboxDir: '/nonexistent',
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });

  it("answers the library's sends and read receipts in the shapes its types describe", async () => {
    const incoming = sandbox.inbound({ from: '+15557770401', name: 'Lena', type: 'text', text: 'Hi' } as never);
    const { api } = oracle({ graphBase: sandbox.graphBase });
    const sends: Array<[ClientMessage, string]> = [
      [new Text('Hello Lena'), 'text'],
      [new Template('hello_world', new Language('en_US')), 'template'],
      [new Location(13.4, 52.52, 'Shop'), 'location'],
    ];
    for (const [message, type] of sends) {
      const answer: ServerMessageResponse = await api.sendMessage(PHONE_ID, '15557770401', message);
      if (answer.error) throw new Error(`the sandbox refused the library's ${type}: ${answer.error.message}`);
      expect(answer.contacts[0]).toMatchObject({ wa_id: '15557770401' });
      expect(answer.messages[0].id).toMatch(/^wamid\./);
    }
    expect(await api.markAsRead(PHONE_ID, incoming.wamid, 'text')).toEqual({ success: true });
    // Lena's message and the sends' statuses are webhooks of this test: in before the next test counts its own
    // (under a CPU hog, Lena's once reached the receiver during the next test, docs/reliability.md row 23).
    await sandbox.waitForIdle();
  });

  it('every webhook it emits passes the signature check and reads as the same message', async () => {
    messages.length = 0;
    const sent = [
      sandbox.inbound({ from: '+15557770402', name: 'Kai', type: 'text', text: 'Grüße 👋 / slashes' } as never),
      sandbox.inbound({ from: '+15557770402', type: 'image', caption: 'photo' } as never),
      sandbox.inbound({ from: '+15557770402', type: 'location', location: { latitude: 1, longitude: 2 } } as never),
      sandbox.inbound({ from: '+15557770402', type: 'order' } as never),
      sandbox.inbound({ from: '+15557770402', type: 'request_welcome' } as never),
      sandbox.inbound({ from: '+15557770402', type: 'text', text: 'from an ad', referral: true } as never),
      sandbox.inbound({ username: 'kai.w', type: 'text', text: 'no phone shown' } as never),
    ];
    await sandbox.waitForIdle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(refused).toEqual([]);
    // Each delivery is its own POST, so they may arrive in any order (as from Meta): matched by wamid.
    const byWamid = (wamid: string) => messages.find((entry) => entry.message.id === wamid);
    expect(messages.map((entry) => [entry.message.id, entry.message.type]).sort()).toEqual(
      sent.map((message) => [message.wamid, message.type]).sort(),
    );
    for (const message of sent) {
      const from = (message.payload.from as string | undefined) ?? (message.payload.from_user_id as string);
      expect(byWamid(message.wamid)?.from).toBe(from);
    }
    expect(byWamid(sent[0].wamid)?.name).toBe('Kai');
    expect(byWamid(sent.at(-1)!.wamid)?.bsuid).toBe(sent.at(-1)?.payload.from_user_id);
  });

  it('statuses of a business message read as sent, delivered and read of that wamid', async () => {
    statuses.length = 0;
    sandbox.inbound({ from: '+15557770403', type: 'text', text: 'Hello?' } as never);
    const { api } = oracle({ graphBase: sandbox.graphBase });
    const answer = await api.sendMessage(PHONE_ID, '15557770403', new Text('Hello!'));
    if (answer.error) throw new Error(answer.error.message);
    await sandbox.waitForIdle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(refused).toEqual([]);
    // Each status is its own POST: they may arrive in any order (Meta promises none), so compared by rank.
    const ladder = ['sent', 'delivered', 'read'];
    expect([...statuses].sort((x, y) => ladder.indexOf(x.status) - ladder.indexOf(y.status))).toEqual(
      ladder.map((status) => ({ id: answer.messages[0].id, status, phone: '15557770403' })),
    );
  });
});
