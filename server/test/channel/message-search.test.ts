/**
 * Search in messages (issue #21): the conversation list's `q` also finds conversations by the text of their
 * messages (text bodies and media captions, incoming and outgoing; never private notes, never another account's),
 * case-insensitive, from three characters on; each row found by a message carries the newest matching message as
 * `match: { messageId, text }`, its text a snippet around the hit.
 */
import { eq } from 'drizzle-orm';
import { inboundWebhook } from '../fixtures/whatsapp';
import { contacts } from '../../src/modules/contacts/schema';
import { findOrCreateContactByPhone } from '../../src/modules/contacts/service';
import { ensureConversation } from '../../src/modules/conversations/conversation-updates';
import { conversations, messages } from '../../src/modules/conversations/schema';
import type { TestUser } from '../helpers/test-server';
import { nowSeconds, startChannelStack, storedMessages, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let otherOwner: TestUser;
let otherToken: string;
let counter = 0;
const uniquePhone = () => {
  counter += 1;
  return `1777${String(Date.now()).slice(-6)}${String(counter).padStart(3, '0')}`;
};
/** A word no other test writes: `Zq` + random letters (trigrams of it are rare in the table). */
const distinctWord = () =>
  `Zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function customerWrites(phone: string, text: string, secondsAgo = 0) {
  const wamid = `wamid.search-${phone}-${Date.now()}-${Math.random()}`;
  const payload = inboundWebhook('text', {
    from: phone,
    wamid,
    profileName: 'Searcher',
    timestamp: nowSeconds(-secondsAgo),
  });
  (payload as any).entry[0].changes[0].value.messages[0].text.body = text;
  expect((await stack.postWebhook(payload)).status).toBe(200);
  const [row] = await storedMessages(stack, { wamid });
  return { conversationId: row.conversationId, messageId: row.id };
}

/** Stores a message directly (an image with a caption, another account's message), listed like any other. */
async function storeMessage(accountId: string, phone: string, type: string, content: Record<string, unknown>) {
  return stack.server.db.transaction(async (tx) => {
    const contact = await findOrCreateContactByPhone(tx as never, accountId, phone, 'Stored');
    const conversation = await ensureConversation(tx, accountId, contact.id);
    const [row] = await tx
      .insert(messages)
      .values({ accountId, conversationId: conversation.id, type, direction: 'incoming', content })
      .returning();
    await tx
      .update(conversations)
      .set({ lastMessageAt: new Date(), lastMessageIncoming: true })
      .where(eq(conversations.id, conversation.id));
    return { conversationId: conversation.id, messageId: row.id };
  });
}

const search = async (q: string, extra = '', token?: string) => {
  const answer = await stack.api('GET', `/api/conversations?q=${encodeURIComponent(q)}${extra}`, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body as { list: any[]; nextCursor: string | null };
};

beforeAll(async () => {
  stack = await startChannelStack();
  ({ token: otherToken, ...otherOwner } = await stack.server.signedInOwner({ fullName: 'Other Owner' }));
});
afterAll(() => stack?.close());

describe('GET /api/conversations?q= (search in messages)', () => {
  it('finds a conversation by a message, any case, with the newest matching message as a snippet', async () => {
    const word = distinctWord();
    const phone = uniquePhone();
    const long = `${'Before the word there is a long story about many things. '.repeat(3)}Then ${word} arrives${' and the text goes on for a while after it.'.repeat(4)}`;
    const older = await customerWrites(phone, `First mention: ${word}`, 60);
    const newer = await customerWrites(phone, long, 30);
    await customerWrites(phone, 'A later message without it');
    expect(older.conversationId).toBe(newer.conversationId);

    for (const q of [word, word.toUpperCase(), word.toLowerCase().slice(1)]) {
      const { list } = await search(q);
      expect(list.map((row) => row.id)).toEqual([newer.conversationId]);
      expect(list[0].match.messageId).toBe(newer.messageId);
    }
    const [row] = (await search(word.toUpperCase())).list;
    expect(row.match.text).toContain(word);
    expect(row.match.text.length).toBeLessThan(long.length);
    expect(row.match.text).toMatch(/^….*…$/);
    // The row stays a list row: last message preview as usual.
    expect(row.lastMessage.preview).toBe('A later message without it');
  });

  it('finds captions and outgoing messages', async () => {
    const caption = distinctWord();
    const image = await storeMessage(stack.owner.accountId, uniquePhone(), 'image', {
      caption: `Photo of the ${caption} box`,
      mimeType: 'image/jpeg',
    });
    const [captionRow] = (await search(caption)).list;
    expect(captionRow).toMatchObject({
      id: image.conversationId,
      match: { messageId: image.messageId, text: `Photo of the ${caption} box` },
    });

    const answer = distinctWord();
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone, 'Hello there');
    const sent = await stack.api('POST', `/api/conversations/${conversationId}`, {
      text: `We ship ${answer} tomorrow`,
    });
    expect(sent.status).toBe(201);
    const [row] = (await search(answer)).list;
    expect(row).toMatchObject({ id: conversationId, match: { text: `We ship ${answer} tomorrow` } });
  });

  it('does not find private notes', async () => {
    const word = distinctWord();
    const { conversationId } = await customerWrites(uniquePhone(), 'Nothing special');
    const note = await stack.api('POST', `/api/conversations/${conversationId}/notes`, { text: `Note ${word}` });
    expect(note.status).toBe(201);
    expect((await search(word)).list).toEqual([]);
  });

  it("does not find another account's messages", async () => {
    const word = distinctWord();
    const theirs = await storeMessage(otherOwner.accountId, uniquePhone(), 'text', { text: `Their ${word}` });
    expect((await search(word)).list).toEqual([]);
    // The other account does find it (so the message is there to find).
    expect((await search(word, '', otherToken)).list.map((row) => row.id)).toEqual([theirs.conversationId]);
  });

  it('keeps contact matches (without `match`) and matches contacts only under three characters', async () => {
    const phone = uniquePhone();
    const { conversationId } = await customerWrites(phone, `Phone ${phone} written in a message`);
    // By the phone: the contact matches, and so does the message, so the row says which message.
    const [byPhone] = (await search(phone)).list;
    expect(byPhone).toMatchObject({ id: conversationId, match: { text: `Phone ${phone} written in a message` } });

    const word = distinctWord();
    const named = await customerWrites(uniquePhone(), 'Hi');
    const [contact] = await stack.server.db
      .select({ contactId: conversations.contactId })
      .from(conversations)
      .where(eq(conversations.id, named.conversationId));
    await stack.server.db
      .update(contacts)
      .set({ name: `Named ${word}` })
      .where(eq(contacts.id, contact.contactId));
    const [byName] = (await search(word)).list;
    expect(byName.id).toBe(named.conversationId);
    expect(byName).not.toHaveProperty('match');

    // Two characters: only contacts (no customer is named like this message).
    const short = await customerWrites(uniquePhone(), 'Qx');
    expect((await search('Qx')).list.map((row) => row.id)).not.toContain(short.conversationId);
  });

  it('pages the rows found by messages', async () => {
    const word = distinctWord();
    const found = [];
    for (let index = 0; index < 3; index += 1) found.push(await customerWrites(uniquePhone(), `Page ${word} ${index}`));
    const first = await search(word, '&limit=2');
    expect(first.list).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search(word, `&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.list).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.list, ...second.list].map((row) => row.id);
    expect(new Set(ids)).toEqual(new Set(found.map((row) => row.conversationId)));
    for (const row of [...first.list, ...second.list]) expect(row.match.text).toContain(word);
  });

  it('refuses a query over 200 characters', async () => {
    const answer = await stack.api('GET', `/api/conversations?q=${'a'.repeat(201)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
