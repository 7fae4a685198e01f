import { eq } from 'drizzle-orm';
import { inboundWebhook } from '../fixtures/whatsapp';
import { contacts } from '../../src/modules/contacts/schema';
import { conversations, messages } from '../../src/modules/conversations/schema';
import { ensureConversation } from '../../src/modules/conversations/conversation-updates';
import { flows } from '../../src/modules/forms/schema';
import { whatsappConnections } from '../../src/modules/credentials/schema';
import { findOrCreateContactByPhone } from '../../src/modules/contacts/service';
import { saveCredentials } from '../../src/modules/credentials/service';
import { pdfDocument, pngImage, uploadAssets } from '../library/library-helpers';
import { nowSeconds, SEEDED, startChannelStack, storedMessages, waitFor, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let counter = 0;
const uniquePhone = () => {
  counter += 1;
  return `1666${String(Date.now()).slice(-6)}${String(counter).padStart(3, '0')}`;
};

/** A customer writes (signed webhook); answers the conversation id and our message id. */
async function customerWrites(phone: string, options: { name?: string; text?: string; secondsAgo?: number } = {}) {
  const wamid = `wamid.api-${phone}-${Date.now()}-${Math.random()}`;
  const payload = inboundWebhook('text', {
    from: phone,
    wamid,
    profileName: options.name ?? 'Customer',
    timestamp: nowSeconds(-(options.secondsAgo ?? 0)),
  });
  if (options.text) (payload as any).entry[0].changes[0].value.messages[0].text.body = options.text;
  expect((await stack.postWebhook(payload)).status).toBe(200);
  const [row] = await storedMessages(stack, { wamid });
  return { conversationId: row.conversationId, messageId: row.id, wamid };
}

const list = async (query = '') => {
  const answer = await stack.api('GET', `/api/conversations${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { list: any[]; nextCursor: string | null };
};
const detail = async (id: string, query = '') => (await stack.api('GET', `/api/conversations/${id}${query}`)).body;
const outboundTo = (phone: string) => stack.control<any[]>('GET', `/outbound?to=${phone}`);
const settledStatus = (messageId: string, status: string) =>
  waitFor(async () => {
    const [row] = await stack.server.db.select().from(messages).where(eq(messages.id, messageId));
    return row.status === status ? row : undefined;
  }, `message ${messageId} to be ${status}`);

beforeAll(async () => {
  stack = await startChannelStack();
});
afterAll(() => stack?.close());

describe('GET /api/conversations', () => {
  it('lists conversations waiting for an answer first, then by newest last message', async () => {
    const tag = `Order${Date.now()}`;
    const a = await customerWrites(uniquePhone(), { name: `${tag} A` });
    const c = await customerWrites(uniquePhone(), { name: `${tag} C` });
    const b = await customerWrites(uniquePhone(), { name: `${tag} B` });
    expect((await stack.api('POST', `/api/conversations/${c.conversationId}`, { text: 'Answered' })).status).toBe(201);
    const rows = (await list(`?customer=${tag}`)).list;
    expect(rows.map((row) => row.id)).toEqual([b.conversationId, a.conversationId, c.conversationId]);
    expect(rows[0]).toMatchObject({
      status: 'active',
      lastMessage: { incoming: true },
      canSendFreeForm: true,
      contact: { profileName: `${tag} B` },
    });
    expect(rows[2].lastMessage.incoming).toBe(false);
  });

  it('leaves out conversations without any message', async () => {
    const phone = uniquePhone();
    await stack.server.db.transaction(async (tx) => {
      const contact = await findOrCreateContactByPhone(tx as never, stack.owner.accountId, phone, 'Silent');
      await ensureConversation(tx, stack.owner.accountId, contact.id);
    });
    expect((await list(`?q=${phone}`)).list).toEqual([]);
  });

  it('filters by status tab', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone);
    await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'closed' });
    expect((await list(`?status=closed&q=${phone}`)).list.map((row) => row.id)).toEqual([conversationId]);
    expect((await list(`?status=active&q=${phone}`)).list).toEqual([]);
    expect((await list(`?q=${phone}`)).list).toHaveLength(1);
    expect((await stack.api('GET', '/api/conversations?status=open')).status).toBe(400);
  });

  it('searches contact name, profile name, email and phone, case-insensitively', async () => {
    const phone = uniquePhone();
    const tag = `Zed${Date.now()}`;
    const { conversationId } = await customerWrites(phone, { name: `Profile ${tag}` });
    const [conversation] = await stack.server.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await stack.server.db
      .update(contacts)
      .set({ name: `Named ${tag}`, email: `${tag.toLowerCase()}@example.test` })
      .where(eq(contacts.id, conversation.contactId));
    const ids = async (query: string) => (await list(query)).list.map((row) => row.id);
    expect(await ids(`?q=named%20${tag.toUpperCase()}`)).toEqual([conversationId]);
    expect(await ids(`?q=profile%20${tag.toLowerCase()}`)).toEqual([conversationId]);
    expect(await ids(`?q=${tag.toLowerCase()}%40EXAMPLE`)).toEqual([conversationId]);
    expect(await ids(`?q=${phone.slice(2, 9)}`)).toEqual([conversationId]);
    // Typed the way people write phones.
    expect(
      await ids(`?q=${encodeURIComponent(`+${phone.slice(0, 1)} (${phone.slice(1, 4)}) ${phone.slice(4)}`)}`),
    ).toEqual([conversationId]);
    // customer= looks at names only.
    expect(await ids(`?customer=${tag.toLowerCase()}`)).toEqual([conversationId]);
    expect(await ids(`?customer=${phone}`)).toEqual([]);
    // % and _ are taken literally.
    expect(await ids(`?q=${encodeURIComponent('%')}${tag}`)).toEqual([]);
  });

  it('filters by creation date, both ends inclusive, `to` meaning the whole day', async () => {
    const tag = `Dated${Date.now()}`;
    const early = await customerWrites(uniquePhone(), { name: `${tag} early` });
    const late = await customerWrites(uniquePhone(), { name: `${tag} late` });
    await stack.server.db
      .update(conversations)
      .set({ createdAt: new Date('2026-02-10T23:59:00Z') })
      .where(eq(conversations.id, early.conversationId));
    await stack.server.db
      .update(conversations)
      .set({ createdAt: new Date('2026-02-12T00:00:00Z') })
      .where(eq(conversations.id, late.conversationId));
    const ids = async (query: string) => (await list(`?customer=${tag}${query}`)).list.map((row) => row.id).sort();
    expect(await ids('&from=2026-02-10&to=2026-02-10')).toEqual([early.conversationId]);
    expect(await ids('&from=2026-02-11')).toEqual([late.conversationId]);
    expect(await ids('&to=2026-02-11')).toEqual([early.conversationId]);
    expect(await ids('&from=2026-02-10&to=2026-02-12')).toEqual([early.conversationId, late.conversationId].sort());
    expect((await stack.api('GET', '/api/conversations?from=yesterday')).status).toBe(400);
  });

  it('pages with a cursor without skipping or repeating a row', async () => {
    const tag = `Paged${Date.now()}`;
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1)
      created.push((await customerWrites(uniquePhone(), { name: `${tag} ${i}` })).conversationId);
    const all = (await list(`?customer=${tag}`)).list.map((row) => row.id);
    expect(all).toEqual([...created].reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { list: any[]; nextCursor: string | null } = await list(
        `?customer=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await stack.api('GET', '/api/conversations?cursor=garbage')).status).toBe(400);
    expect((await stack.api('GET', '/api/conversations?limit=1001')).status).toBe(400);
  });

  it('shows nothing of another account', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const token = (await stack.server.signedInOwner()).token;
    expect((await stack.api('GET', '/api/conversations', undefined, token)).body).toEqual({
      list: [],
      nextCursor: null,
    });
    expect((await stack.api('GET', `/api/conversations/${conversationId}`, undefined, token)).status).toBe(404);
    expect(
      (await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'closed' }, token)).status,
    ).toBe(404);
    expect((await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Hi' }, token)).status).toBe(404);
    expect((await stack.api('GET', '/api/conversations')).status).toBe(200);
    expect((await stack.server.request('GET', '/api/conversations')).status).toBe(401);
  });
});

describe('GET /api/conversations/{id}', () => {
  it('answers the contact and messages oldest first, paged backwards with `before`', async () => {
    const phone = uniquePhone();
    const { conversationId, messageId } = await customerWrites(phone, { text: 'message 0' });
    for (let i = 1; i < 55; i += 1) {
      await stack.server.db.insert(messages).values({
        accountId: stack.owner.accountId,
        conversationId,
        type: 'text',
        direction: i % 2 ? 'outgoing' : 'incoming',
        content: { text: `message ${i}` },
        status: i % 2 ? 'read' : null,
        createdAt: new Date(Date.now() + i * 1000),
      });
    }
    const newest = await detail(conversationId);
    expect(newest.contact.phone).toBe(phone);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages[0].content.text).toBe('message 5');
    expect(newest.messages[49].content.text).toBe('message 54');
    expect(newest.hasMore).toBe(true);
    const older = await detail(conversationId, `?before=${newest.messages[0].id}`);
    expect(older.messages.map((m: any) => m.content.text)).toEqual([
      'message 0',
      'message 1',
      'message 2',
      'message 3',
      'message 4',
    ]);
    expect(older.messages[0].id).toBe(messageId);
    expect(older.hasMore).toBe(false);
    expect((await detail(conversationId, '?limit=3')).messages.map((m: any) => m.content.text)).toEqual([
      'message 52',
      'message 53',
      'message 54',
    ]);
  });

  it('answers 400 for a `before` that is not one of its messages and 404 for unknown ids', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const other = await customerWrites(uniquePhone());
    expect((await stack.api('GET', `/api/conversations/${conversationId}?before=${other.messageId}`)).status).toBe(400);
    expect((await stack.api('GET', '/api/conversations/not-a-uuid')).status).toBe(404);
    expect((await stack.api('GET', '/api/conversations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('says whether free-form messages may be sent (last incoming message under 24 hours old)', async () => {
    expect(
      (await detail((await customerWrites(uniquePhone(), { secondsAgo: 23 * 3600 })).conversationId)).canSendFreeForm,
    ).toBe(true);
    expect(
      (await detail((await customerWrites(uniquePhone(), { secondsAgo: 24 * 3600 + 60 })).conversationId))
        .canSendFreeForm,
    ).toBe(false);
  });
});

describe('PUT /api/conversations/{id}/status', () => {
  it('closes, archives and re-activates', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    for (const status of ['closed', 'archived', 'active']) {
      const answer = await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: conversationId, status });
    }
  });

  it('refuses an unknown status with a readable 400', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const answer = await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'done' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Status must be one of: active, closed, archived');
  });
});

describe('sending', () => {
  it('sends text as pending first, quoting the replied message, and climbs to read', async () => {
    const phone = uniquePhone();
    const incoming = await customerWrites(phone);
    await stack.api('PUT', `/api/conversations/${incoming.conversationId}/status`, { status: 'closed' });
    const sent = await stack.api('POST', `/api/conversations/${incoming.conversationId}`, {
      text: 'See https://example.com',
      replyTo: incoming.messageId,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      direction: 'outgoing',
      type: 'text',
      status: 'pending',
      replyTo: incoming.messageId,
      content: { text: 'See https://example.com' },
    });
    const conversation = await detail(incoming.conversationId);
    expect(conversation.status).toBe('active');
    expect(conversation.lastMessage.incoming).toBe(false);
    await settledStatus(sent.body.id, 'read');
    const [outbound] = await outboundTo(phone);
    expect(outbound.payload).toMatchObject({
      type: 'text',
      text: { body: 'See https://example.com', preview_url: true },
      context: { message_id: incoming.wamid },
    });
    const [row] = await stack.server.db.select().from(messages).where(eq(messages.id, sent.body.id));
    expect(row.wamid).toBe(outbound.wamid);
  });

  it('lets an agent send too', async () => {
    const agentToken = (await stack.server.signedInAgent({ accountId: stack.owner.accountId })).token;
    const { conversationId } = await customerWrites(uniquePhone());
    expect(
      (await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'From the agent' }, agentToken)).status,
    ).toBe(201);
  });

  it('keeps an archived conversation archived when we write', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'archived' });
    expect((await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Still here' })).status).toBe(201);
    expect((await detail(conversationId)).status).toBe('archived');
  });

  it('refuses blank or overlong text and an unknown replyTo with 400', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const other = await customerWrites(uniquePhone());
    expect((await stack.api('POST', `/api/conversations/${conversationId}`, { text: '   ' })).status).toBe(400);
    expect((await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'x'.repeat(4097) })).status).toBe(
      400,
    );
    const wrongReply = await stack.api('POST', `/api/conversations/${conversationId}`, {
      text: 'Hi',
      replyTo: other.messageId,
    });
    expect(wrongReply.status).toBe(400);
    expect(wrongReply.body.message).toMatch(/Reply to/);
  });

  it('refuses free-form sends outside the 24-hour window with 422, but sends templates', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone, { secondsAgo: 25 * 3600 });
    for (const [path, body] of [
      ['', { text: 'Hello again' }],
      ['/location', { latitude: 1, longitude: 2, name: 'Here' }],
    ] as const) {
      const refused = await stack.api('POST', `/api/conversations/${conversationId}${path}`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/24-hour window/);
    }
    const template = await stack.api('POST', `/api/conversations/${conversationId}/template`, {
      name: 'hello_world',
      language: 'en_US',
    });
    expect(template.status).toBe(201);
    expect(template.body).toMatchObject({
      type: 'template',
      content: { template: { name: 'hello_world', language: 'en_US' } },
    });
    await settledStatus(template.body.id, 'read');
    expect((await outboundTo(phone)).map((m) => m.payload.template?.name)).toEqual(['hello_world']);
    expect(await storedMessages(stack, { conversationId })).toHaveLength(2);
  });

  it('sends a location', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone);
    const sent = await stack.api('POST', `/api/conversations/${conversationId}/location`, {
      latitude: '38.7',
      longitude: -9.14,
      name: 'Shop',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content.location).toEqual({ latitude: 38.7, longitude: -9.14, name: 'Shop' });
    await settledStatus(sent.body.id, 'read');
    expect((await outboundTo(phone))[0].payload.location).toMatchObject({
      latitude: 38.7,
      longitude: -9.14,
      name: 'Shop',
    });
    const bad = await stack.api('POST', `/api/conversations/${conversationId}/location`, {
      latitude: 91,
      longitude: 0,
      name: 'Nowhere',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Latitude must be between -90 and 90');
    expect(
      (await stack.api('POST', `/api/conversations/${conversationId}/location`, { latitude: 1, longitude: 1 })).status,
    ).toBe(400);
  });

  it('refuses a malformed template name or language with 400', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    expect(
      (
        await stack.api('POST', `/api/conversations/${conversationId}/template`, {
          name: 'Hello World',
          language: 'en_US',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await stack.api('POST', `/api/conversations/${conversationId}/template`, {
          name: 'hello_world',
          language: 'english!',
        })
      ).status,
    ).toBe(400);
  });
});

describe('sending media (multipart)', () => {
  const upload = async (
    conversationId: string,
    file: { name: string; bytes: Buffer; type?: string } | null,
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    if (file)
      form.append(
        'file',
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(`${stack.server.url}/api/conversations/${conversationId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('uploads an image to WhatsApp and sends it with its caption, quoting a message', async () => {
    const phone = uniquePhone();
    const incoming = await customerWrites(phone);
    const image = await pngImage(64, 48);
    // The client's claimed type is ignored: the bytes say PNG.
    const sent = await upload(
      incoming.conversationId,
      { name: 'photo.bin', bytes: image, type: 'text/html' },
      { caption: 'Our shop', replyTo: incoming.messageId },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'image',
      status: 'pending',
      replyTo: incoming.messageId,
      content: { caption: 'Our shop', mimeType: 'image/png', fileName: 'photo.bin' },
    });
    const file = await fetch(`${stack.server.url}${sent.body.content.url}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
    await settledStatus(sent.body.id, 'read');
    const [outbound] = await outboundTo(phone);
    expect(outbound.payload).toMatchObject({
      type: 'image',
      image: { caption: 'Our shop' },
      context: { message_id: incoming.wamid },
    });
    expect(outbound.payload.image.id).toMatch(/^\d+$/);
  });

  it('sends a PDF as a document with its file name', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone);
    const sent = await upload(conversationId, { name: 'price list.pdf', bytes: pdfDocument() });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'document',
      content: { mimeType: 'application/pdf', fileName: 'price list.pdf' },
    });
    await settledStatus(sent.body.id, 'read');
    expect((await outboundTo(phone))[0].payload.document).toMatchObject({ filename: 'price list.pdf' });
  });

  it('enforces WhatsApp’s types (415) and per-kind sizes (413) before storing anything', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const refusedType = await upload(conversationId, { name: 'funny.gif', bytes: gif });
    expect(refusedType.status).toBe(415);
    expect(refusedType.body.message).toMatch(/WhatsApp cannot send “funny.gif”/);
    const bigPng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const refusedSize = await upload(conversationId, { name: 'huge.png', bytes: bigPng });
    expect(refusedSize.status).toBe(413);
    expect(refusedSize.body.message).toBe('“huge.png” is too large for WhatsApp: images can be at most 5 MB.');
    const script = await upload(conversationId, {
      name: 'page.html',
      bytes: Buffer.from('<html><script>x</script></html>'),
    });
    expect(script.status).toBe(415);
    expect((await upload(conversationId, null, { caption: 'no file' })).status).toBe(400);
    expect((await stack.api('POST', `/api/conversations/${conversationId}/media`, { caption: 'json' })).status).toBe(
      415,
    );
    expect(await storedMessages(stack, { conversationId })).toHaveLength(1);
  });
});

describe('sending assets and forms', () => {
  it('sends a library asset, and refuses a deleted one', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone);
    const uploaded = await uploadAssets(stack.server, stack.token, [
      { name: 'menu.png', bytes: await pngImage(80, 60) },
    ]);
    expect(uploaded.status).toBe(201);
    const asset = uploaded.body.list[0];
    const sent = await stack.api('POST', `/api/conversations/${conversationId}/asset`, {
      id: asset.id,
      caption: 'Today',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'image',
      content: { assetId: asset.id, caption: 'Today', mimeType: 'image/png' },
    });
    await settledStatus(sent.body.id, 'read');
    expect((await outboundTo(phone))[0].payload.image).toMatchObject({ caption: 'Today' });

    expect((await stack.api('DELETE', `/api/account/assets/${asset.id}`)).status).toBe(200);
    const refused = await stack.api('POST', `/api/conversations/${conversationId}/asset`, { id: asset.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Asset not found');
  });

  it('sends a form as an interactive flow message, and names the form on the customer’s answer', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone);
    const [flow] = await stack.server.db
      .insert(flows)
      .values({
        accountId: stack.owner.accountId,
        metaFlowId: '100000000000101',
        name: 'Book an appointment',
        status: 'PUBLISHED',
        header: 'Appointments',
        body: 'Pick a time that suits you.',
        footer: 'Takes a minute',
        ctaText: 'Book now',
      })
      .onConflictDoUpdate({ target: [flows.accountId, flows.metaFlowId], set: { status: 'PUBLISHED' } })
      .returning();
    const sent = await stack.api('POST', `/api/conversations/${conversationId}/flow`, { flowId: flow.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'interactive',
      content: { interactive: { type: 'flow', name: 'Book an appointment', ctaText: 'Book now' } },
    });
    await settledStatus(sent.body.id, 'read');
    const [outbound] = await outboundTo(phone);
    expect(outbound.payload.interactive).toMatchObject({
      type: 'flow',
      header: { type: 'text', text: 'Appointments' },
      body: { text: 'Pick a time that suits you.' },
      footer: { text: 'Takes a minute' },
      action: {
        name: 'flow',
        parameters: { flow_id: '100000000000101', flow_cta: 'Book now', flow_token: sent.body.id },
      },
    });

    const answer = stack.sandbox.inbound({
      from: `+${phone}`,
      type: 'nfm_reply',
      interactive: { response: { full_name: 'Ana', date: '2026-05-01' } },
    } as never);
    const stored = await waitFor(
      async () => (await storedMessages(stack, { wamid: answer.wamid }))[0],
      'the form answer',
    );
    expect(stored.content.interactive).toMatchObject({
      type: 'nfm_reply',
      name: 'Book an appointment',
      answers: { full_name: 'Ana', date: '2026-05-01' },
    });
    expect(stored.replyToId).toBe(sent.body.id);

    await stack.server.db.update(flows).set({ status: 'DRAFT' }).where(eq(flows.id, flow.id));
    expect((await stack.api('POST', `/api/conversations/${conversationId}/flow`, { flowId: flow.id })).status).toBe(
      422,
    );
    expect((await stack.api('POST', `/api/conversations/${conversationId}/flow`, { flowId: 'nope' })).status).toBe(404);
  });
});

describe('GET /api/account/templates', () => {
  it('lists the approved templates only', async () => {
    const answer = await stack.api('GET', '/api/account/templates');
    expect(answer.status).toBe(200);
    const names = answer.body.map((t: any) => `${t.name}/${t.language}`);
    expect(names).toEqual(
      expect.arrayContaining(['hello_world/en_US', 'follow_up/en_US', 'appointment_reminder/en_US', 'bienvenida/es']),
    );
    expect(names).not.toContain('summer_sale_promo/en_US');
    expect(answer.body[0]).toEqual({
      name: expect.any(String),
      language: expect.any(String),
      category: expect.any(String),
      components: expect.any(Array),
      parameters: { body: expect.any(Array), buttons: expect.any(Array) },
    });
  });
});

describe('retry', () => {
  it('only retries failed outgoing messages', async () => {
    const incoming = await customerWrites(uniquePhone());
    const notFailed = await stack.api(
      'POST',
      `/api/conversations/${incoming.conversationId}/messages/${incoming.messageId}/retry`,
    );
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.message).toBe('Only a failed outgoing message can be sent again');
    const other = await customerWrites(uniquePhone());
    expect(
      (await stack.api('POST', `/api/conversations/${incoming.conversationId}/messages/${other.messageId}/retry`))
        .status,
    ).toBe(404);
  });
});

describe('without a WhatsApp connection', () => {
  it('refuses sends and the template list with 422 and a message to act on', async () => {
    const { conversationId } = await customerWrites(uniquePhone());
    const token = (await stack.server.signedInOwner()).token;
    const templates = await stack.api('GET', '/api/account/templates', undefined, token);
    expect(templates.status).toBe(422);
    expect(templates.body.message).toMatch(/WhatsApp is not connected/);
    // Same account, connection removed: the send is refused before anything is stored. (A connection Meta
    // disconnected holds sends instead: connection-lost.test.ts.)
    await stack.server.db.delete(whatsappConnections).where(eq(whatsappConnections.accountId, stack.owner.accountId));
    try {
      const refused = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Hello' });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/WhatsApp is not connected/);
      expect(await storedMessages(stack, { conversationId })).toHaveLength(1);
    } finally {
      await saveCredentials(
        { db: stack.server.db, config: stack.server.config },
        {
          accountId: stack.owner.accountId,
          wabaId: SEEDED.wabaId,
          phoneNumberId: SEEDED.phoneNumberId,
          token: SEEDED.token,
          displayPhoneNumber: SEEDED.display,
        },
      );
    }
  });
});
