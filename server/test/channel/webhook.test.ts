import { eq } from 'drizzle-orm';
import {
  batchWebhook,
  envelope,
  errorWebhook,
  inboundFixtureKinds,
  inboundMessage,
  inboundWebhook,
  serialiseLikeMeta,
  statusWebhook,
  type InboundFixtureKind,
} from '../fixtures/whatsapp';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { conversations } from '../../src/modules/conversations/schema';
import { recordAcceptedSend } from '../../src/modules/conversations/delivery-status';
import {
  APP_SECRET,
  insertSentMessage,
  nowSeconds,
  SEEDED,
  startChannelStack,
  storedMessages,
  VERIFY_TOKEN,
  waitFor,
  type ChannelStack,
} from './channel-helpers';

let stack: ChannelStack;
let counter = 0;
/** A fresh customer and wamid for each webhook, so tests sharing the server never collide. */
const fresh = (overrides: Record<string, string> = {}) => {
  counter += 1;
  return {
    from: `1555010${String(counter).padStart(4, '0')}`,
    wamid: `wamid.test-${Date.now()}-${counter}`,
    timestamp: nowSeconds(),
    ...overrides,
  };
};

const detailOf = async (conversationId: string) =>
  (await stack.api('GET', `/api/conversations/${conversationId}`)).body;
const onlyMessage = async (wamid: string) => {
  const rows = await storedMessages(stack, { wamid });
  expect(rows).toHaveLength(1);
  return rows[0];
};

beforeAll(async () => {
  stack = await startChannelStack();
});
afterAll(() => stack?.close());

describe('GET /webhooks/whatsapp (subscription handshake)', () => {
  const handshake = (query: string) => fetch(`${stack.server.url}/webhooks/whatsapp?${query}`);

  it('echoes the challenge as plain text when the verify token matches', async () => {
    const response = await handshake(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('answers 403 to a wrong token or a missing mode', async () => {
    expect((await handshake('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status).toBe(403);
    expect((await handshake(`hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
  });

  it('passes the sandbox handshake (Meta-shaped GET)', async () => {
    expect(await stack.control('POST', '/handshake')).toMatchObject({ ok: true, status: 200 });
  });
});

describe('POST /webhooks/whatsapp signature', () => {
  it('stores a correctly signed message and answers 200', async () => {
    const t = fresh();
    const answer = await stack.postWebhook(inboundWebhook('text', t));
    expect(answer.status).toBe(200);
    expect((await onlyMessage(t.wamid)).content.text).toBe('Olá! Is the shop open today? 🙂');
  });

  it('refuses a wrong signature with 401 and stores nothing', async () => {
    const t = fresh();
    const body = serialiseLikeMeta(inboundWebhook('text', t));
    const answer = await stack.postWebhook(null, { raw: body, signature: signWebhookBody(body, 'not-the-secret') });
    expect(answer.status).toBe(401);
    expect(await storedMessages(stack, { wamid: t.wamid })).toHaveLength(0);
  });

  it('refuses a missing or malformed signature with 401 and stores nothing', async () => {
    const t = fresh();
    expect((await stack.postWebhook(inboundWebhook('text', t), { signature: null })).status).toBe(401);
    expect((await stack.postWebhook(inboundWebhook('text', t), { signature: 'sha256=zz' })).status).toBe(401);
    expect(await storedMessages(stack, { wamid: t.wamid })).toHaveLength(0);
  });

  it('checks the raw bytes of a non-ASCII body, as Meta signs them (\\u-escaped)', async () => {
    const t = fresh();
    const escaped = serialiseLikeMeta(inboundWebhook('text', t));
    expect(escaped).toContain('\\u00e1');
    // Signed over a re-serialisation with literal UTF-8: not the bytes sent, so refused.
    const literal = JSON.stringify(inboundWebhook('text', t));
    expect(
      (await stack.postWebhook(null, { raw: escaped, signature: signWebhookBody(literal, APP_SECRET) })).status,
    ).toBe(401);
    // Signed over the exact bytes: accepted, and the text and name arrive intact.
    expect((await stack.postWebhook(null, { raw: escaped })).status).toBe(200);
    const stored = await onlyMessage(t.wamid);
    expect(stored.content.text).toBe('Olá! Is the shop open today? 🙂');
    const detail = await detailOf(stored.conversationId);
    expect(detail.contact.profileName).toBe('Zoë Müller');
    expect(detail.contact.phone).toBe(t.from);
  });

  it('refuses a signed body that is not JSON with 400', async () => {
    expect((await stack.postWebhook(null, { raw: '{not json' })).status).toBe(400);
  });
});

describe('inbound message types', () => {
  const expectations: Record<Exclude<InboundFixtureKind, 'reaction' | 'reaction_removed'>, (message: any) => void> = {
    text: (m) => expect(m).toMatchObject({ type: 'text', content: { text: 'Olá! Is the shop open today? 🙂' } }),
    reply: (m) => expect(m).toMatchObject({ type: 'text', content: { text: 'Yes, that one' } }),
    forwarded: (m) => expect(m).toMatchObject({ type: 'text', content: { text: 'Look at this', forwarded: true } }),
    image: (m) =>
      expect(m).toMatchObject({ type: 'image', content: { caption: 'My receipt', mimeType: 'image/jpeg' } }),
    video: (m) => expect(m).toMatchObject({ type: 'video', content: { mimeType: 'video/mp4' } }),
    audio: (m) => expect(m).toMatchObject({ type: 'audio', content: { mimeType: 'audio/mpeg', voice: false } }),
    voice: (m) => expect(m).toMatchObject({ type: 'audio', content: { voice: true } }),
    document: (m) =>
      expect(m).toMatchObject({
        type: 'document',
        content: { caption: 'Invoice', fileName: 'invoice-2026.pdf', mimeType: 'application/pdf' },
      }),
    sticker: (m) => expect(m).toMatchObject({ type: 'sticker', content: { mimeType: 'image/webp', animated: false } }),
    location: (m) =>
      expect(m).toMatchObject({
        type: 'location',
        content: { location: { latitude: 38.7075, longitude: -9.1364, name: 'Terreiro do Paço' } },
      }),
    contacts: (m) => expect(m.content.contacts[0].name.formatted_name).toBe('Ana Silva'),
    button_reply: (m) =>
      expect(m).toMatchObject({
        type: 'interactive',
        content: {
          text: 'Yes',
          interactive: { type: 'button_reply', button_reply: { id: 'confirm-yes', title: 'Yes' } },
        },
      }),
    list_reply: (m) =>
      expect(m).toMatchObject({
        type: 'interactive',
        content: { interactive: { type: 'list_reply', list_reply: { id: 'slot-2', title: 'Tuesday 10:00' } } },
      }),
    nfm_reply: (m) =>
      expect(m).toMatchObject({
        type: 'interactive',
        content: {
          interactive: {
            type: 'nfm_reply',
            answers: { full_name: 'Zoë Müller', date: '2026-02-03', guests: '2', newsletter: 'true' },
          },
        },
      }),
    button: (m) =>
      expect(m).toMatchObject({
        type: 'button',
        content: { text: 'Yes, please', button: { payload: 'follow-up-yes' } },
      }),
    unsupported: (m) =>
      expect(m).toMatchObject({ type: 'unsupported', content: { unsupported: { type: 'poll_update' } } }),
    order: (m) =>
      expect(m).toMatchObject({
        type: 'order',
        content: {
          order: {
            catalogId: '1234',
            text: 'Order',
            items: [{ productRetailerId: 'sku-1', quantity: 1, itemPrice: 10, currency: 'USD' }],
          },
        },
      }),
  };

  it.each(inboundFixtureKinds.filter((kind) => kind !== 'reaction' && kind !== 'reaction_removed'))(
    'stores a %s message',
    async (kind) => {
      const t = fresh();
      expect((await stack.postWebhook(inboundWebhook(kind, t))).status).toBe(200);
      const stored = await onlyMessage(t.wamid);
      const detail = await detailOf(stored.conversationId);
      const message = detail.messages.find((m: any) => m.id === stored.id);
      expect(message.direction).toBe('incoming');
      expectations[kind as keyof typeof expectations](message);
    },
  );

  it('shows a media message at once and marks its file unavailable when WhatsApp does not know the media id', async () => {
    const t = fresh();
    await stack.postWebhook(inboundWebhook('image', t));
    const stored = await onlyMessage(t.wamid);
    const first = (await detailOf(stored.conversationId)).messages[0];
    expect(first).toMatchObject({ type: 'image', content: { caption: 'My receipt' } });
    const settled = await waitFor(async () => {
      const [row] = await storedMessages(stack, { wamid: t.wamid });
      return row.content.mediaUnavailable ? row : undefined;
    }, 'the download to give up');
    expect(settled.storageKey).toBeNull();
  });

  it('links a reply to the quoted message of ours', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.ours-${t.wamid}`);
    await stack.postWebhook(inboundWebhook('reply', { ...t, contextWamid: ours.wamid! }));
    const stored = await onlyMessage(t.wamid);
    expect(stored.conversationId).toBe(ours.conversationId);
    const message = (await detailOf(stored.conversationId)).messages.find((m: any) => m.id === stored.id);
    expect(message.replyTo).toBe(ours.id);
  });
});

describe('each message stored once', () => {
  it('ignores a redelivered webhook (same wamid)', async () => {
    const t = fresh();
    const payload = inboundWebhook('text', t);
    expect((await stack.postWebhook(payload)).status).toBe(200);
    expect((await stack.postWebhook(payload)).status).toBe(200);
    expect(await storedMessages(stack, { wamid: t.wamid })).toHaveLength(1);
  });

  it('stores one message when the same webhook arrives twice at the same moment', async () => {
    const t = fresh();
    const payload = inboundWebhook('text', t);
    const answers = await Promise.all([
      stack.postWebhook(payload),
      stack.postWebhook(payload),
      stack.postWebhook(payload),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await storedMessages(stack, { wamid: t.wamid })).toHaveLength(1);
  });

  it('stores a sandbox customer message once when the sandbox duplicates every delivery', async () => {
    await stack.control('PUT', '/delivery', { duplicate: true });
    try {
      const acknowledgedBefore = (await stack.control('GET', '/counters')).webhooksAcknowledged;
      const sent = stack.sandbox.inbound({ from: '+15559990001', name: 'Dup', type: 'text', text: 'Twice?' } as never);
      await waitFor(async () => (await storedMessages(stack, { wamid: sent.wamid })).length > 0, 'the message');
      await stack.sandbox.waitForIdle();
      expect((await stack.control('GET', '/counters')).webhooksAcknowledged - acknowledgedBefore).toBe(2);
      expect(await storedMessages(stack, { wamid: sent.wamid })).toHaveLength(1);
    } finally {
      await stack.control('PUT', '/delivery', { duplicate: false });
    }
  });
});

describe('batches and routing', () => {
  it('handles every entry, change, message and status of a batch', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.batch-ctx-${t.wamid}`);
    const payload = batchWebhook({ ...t, contextWamid: ours.wamid! });
    expect((await stack.postWebhook(payload)).status).toBe(200);
    expect(await storedMessages(stack, { wamid: `${t.wamid}-1` })).toHaveLength(1);
    const second = await onlyMessage(`${t.wamid}-2`);
    expect(second.type).toBe('image');
    expect((await onlyMessage(ours.wamid!)).status).toBe('read');
  });

  it('ignores events for a phone number no account has, still answering 200', async () => {
    const t = fresh({ phoneNumberId: '100000000000999' });
    expect((await stack.postWebhook(inboundWebhook('text', t))).status).toBe(200);
    expect(await storedMessages(stack, { wamid: t.wamid })).toHaveLength(0);
  });

  it('acknowledges a value-level error report (no message attached)', async () => {
    expect((await stack.postWebhook(errorWebhook())).status).toBe(200);
  });

  it('acknowledges a signed webhook of another object type without storing anything', async () => {
    expect((await stack.postWebhook({ object: 'page', entry: [] })).status).toBe(200);
  });
});

describe('delivery statuses', () => {
  const post = (kind: Parameters<typeof statusWebhook>[0], wamid: string, timestamp = nowSeconds()) =>
    stack.postWebhook(statusWebhook(kind, { wamid, timestamp }));

  it('climbs and never moves backwards when webhooks arrive out of order', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.status-${t.wamid}`);
    await post('read', ours.wamid!);
    await post('delivered', ours.wamid!);
    await post('sent', ours.wamid!);
    expect((await onlyMessage(ours.wamid!)).status).toBe('read');
    // A failure reported after read does not undo it either.
    await post('failed_131047', ours.wamid!);
    expect((await onlyMessage(ours.wamid!)).status).toBe('read');
  });

  it('keeps Meta’s code and title on a failed message, and failed stays failed', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.failed-${t.wamid}`);
    await post('failed_131026', ours.wamid!);
    await post('delivered', ours.wamid!);
    const row = await onlyMessage(ours.wamid!);
    expect(row).toMatchObject({ status: 'failed', errorCode: '131026', errorTitle: 'Message undeliverable' });
    const message = (await detailOf(row.conversationId)).messages.find((m: any) => m.id === row.id);
    expect(message.error).toEqual({
      code: 131026,
      title: 'Message undeliverable',
      details: 'Message Undeliverable.',
    });
  });

  it('keeps a status that arrives before the send stored its wamid, and applies it then', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.placeholder-${t.wamid}`);
    const early = `wamid.early-${t.wamid}`;
    expect((await post('delivered', early)).status).toBe(200);
    await stack.server.db.transaction((tx) => recordAcceptedSend(tx, stack.owner.accountId, ours.id, early));
    expect((await onlyMessage(early)).status).toBe('delivered');
  });
});

describe('reactions', () => {
  const react = (target: Record<string, string>, emoji: string | null, timestamp: string) => {
    const message = inboundMessage(emoji ? 'reaction' : 'reaction_removed', { ...target, timestamp });
    if (emoji) (message.reaction as { emoji: string }).emoji = emoji;
    return stack.postWebhook(
      envelope(target, { contacts: [{ profile: { name: 'R' }, wa_id: target.from }], messages: [message] }),
    );
  };

  it('attach to the reacted message, change, and go away when removed', async () => {
    const t = fresh();
    const ours = await insertSentMessage(stack, t.from, `wamid.reacted-${t.wamid}`);
    const target = { from: t.from, contextWamid: ours.wamid! };
    await react({ ...target, wamid: `${t.wamid}-r1` }, '👍', nowSeconds(-30));
    const view = async () => (await detailOf(ours.conversationId)).messages.find((m: any) => m.id === ours.id);
    expect((await view()).reactions).toEqual([{ emoji: '👍', from: t.from }]);
    await react({ ...target, wamid: `${t.wamid}-r2` }, '❤️', nowSeconds(-20));
    expect((await view()).reactions).toEqual([{ emoji: '❤️', from: t.from }]);
    await react({ ...target, wamid: `${t.wamid}-r3` }, null, nowSeconds(-10));
    expect((await view()).reactions).toEqual([]);
    // An older reaction delivered late does not come back.
    await react({ ...target, wamid: `${t.wamid}-r0` }, '😮', nowSeconds(-40));
    expect((await view()).reactions).toEqual([]);
    // Reactions are not messages of their own.
    expect(await storedMessages(stack, { conversationId: ours.conversationId })).toHaveLength(1);
  });
});

describe('conversation rules', () => {
  it('an incoming message re-opens a closed conversation but leaves an archived one archived', async () => {
    const closedCustomer = fresh();
    await stack.postWebhook(inboundWebhook('text', closedCustomer));
    const closed = await onlyMessage(closedCustomer.wamid);
    await stack.api('PUT', `/api/conversations/${closed.conversationId}/status`, { status: 'closed' });
    await stack.postWebhook(inboundWebhook('text', { ...closedCustomer, wamid: `${closedCustomer.wamid}-again` }));
    expect((await detailOf(closed.conversationId)).status).toBe('active');

    const archivedCustomer = fresh();
    await stack.postWebhook(inboundWebhook('text', archivedCustomer));
    const archived = await onlyMessage(archivedCustomer.wamid);
    await stack.api('PUT', `/api/conversations/${archived.conversationId}/status`, { status: 'archived' });
    await stack.postWebhook(inboundWebhook('text', { ...archivedCustomer, wamid: `${archivedCustomer.wamid}-again` }));
    const detail = await detailOf(archived.conversationId);
    expect(detail.status).toBe('archived');
    expect(detail.messages).toHaveLength(2);
    expect(detail.lastMessage.incoming).toBe(true);
  });

  it('opens the 24-hour window by WhatsApp’s time of the customer’s message', async () => {
    const recent = fresh();
    await stack.postWebhook(inboundWebhook('text', recent));
    expect((await detailOf((await onlyMessage(recent.wamid)).conversationId)).canSendFreeForm).toBe(true);
    const old = fresh({ timestamp: nowSeconds(-25 * 3600) });
    await stack.postWebhook(inboundWebhook('text', old));
    expect((await detailOf((await onlyMessage(old.wamid)).conversationId)).canSendFreeForm).toBe(false);
  });
});

describe('incoming media from a sandbox customer', () => {
  it('shows the message at once, then its file, served by bearer and by signed link', async () => {
    const sent = stack.sandbox.inbound({
      from: '+15559990002',
      name: 'Photo',
      type: 'image',
      caption: 'Look',
    } as never);
    const row = await waitFor(async () => (await storedMessages(stack, { wamid: sent.wamid }))[0], 'the image message');
    expect(row.content.caption).toBe('Look');
    const withFile = await waitFor(async () => {
      const message = (await detailOf(row.conversationId)).messages.find((m: any) => m.id === row.id);
      return message?.content.url ? message : undefined;
    }, 'the downloaded file');
    expect(withFile.content.mimeType).toMatch(/^image\//);

    const signed = await fetch(`${stack.server.url}${withFile.content.url}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toMatch(/^image\//);
    const bytes = Buffer.from(await signed.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);

    const byBearer = await fetch(`${stack.server.url}/api/messages/${row.id}/media`, {
      headers: { authorization: `Bearer ${stack.token}` },
    });
    expect(byBearer.status).toBe(200);
    expect(Buffer.from(await byBearer.arrayBuffer()).equals(bytes)).toBe(true);

    const tampered = withFile.content.url.replace(
      /signature=([0-9a-f])/,
      (_: string, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await fetch(`${stack.server.url}${tampered}`)).status).toBe(403);
    expect((await fetch(`${stack.server.url}/api/messages/${row.id}/media`)).status).toBe(401);

    const strangerToken = (await stack.server.signedInOwner()).token;
    const foreign = await fetch(`${stack.server.url}/api/messages/${row.id}/media`, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('stored conversation shape', () => {
  it('creates one conversation per customer', async () => {
    const t = fresh();
    await stack.postWebhook(inboundWebhook('text', t));
    await stack.postWebhook(inboundWebhook('text', { ...t, wamid: `${t.wamid}-b` }));
    const first = await onlyMessage(t.wamid);
    const rows = await stack.server.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    expect(rows).toHaveLength(1);
    expect(await storedMessages(stack, { conversationId: first.conversationId })).toHaveLength(2);
    expect(SEEDED.phoneNumberId).toBe('100000000000002');
  });
});
