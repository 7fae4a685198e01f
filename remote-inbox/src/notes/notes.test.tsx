/**
 * Private notes in the chat (issue #21): shown among the messages by time as sticky notes ("Note · author", no
 * ticks), live from the `note` event, and written in the composer's Note mode (posted to the notes route, never
 * sent as a message).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Message, Note } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aContact, aConversation, aMessage } from '../test-support/fixtures';
import { emitNamedEvent } from '../test-support/realtime-mock';
import { at, detail as chatDetail, renderChat, reply } from '../test-support/chat';
import { placeNotes } from './notes-timeline';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const adam = { id: 'u-adam', fullName: 'Adam Agent' };
const olga = { id: 'u-olga', fullName: 'Olga Owner' };
const conversation = aConversation({ id: 'c1', contact: aContact({ name: 'Maria Silva' }) });
const question = aMessage({ id: 'q', conversationId: 'c1', content: { text: 'Where is my order?' }, createdAt: at(1) });
const answer = reply('a', 'Checking now', 5, 'read');
const aNote = (patch: Partial<Note>): Note => ({
  id: 'n1',
  conversationId: 'c1',
  author: olga,
  text: 'A note',
  mentions: [],
  createdAt: at(3),
  ...patch,
});

const detail = (messages: Message[]) => chatDetail(messages, conversation);

afterEach(() => jest.restoreAllMocks());

/** The chat's rows in order: messages by id, notes as "note:<text>". */
function chatOrder(): string[] {
  return [...document.querySelectorAll('[data-message-id], [data-note-id]')].map((element) =>
    element.hasAttribute('data-note-id')
      ? `note:${element.querySelector('.inbox-note-text')?.textContent}`
      : element.getAttribute('data-message-id')!,
  );
}

describe('placeNotes', () => {
  it('puts each note after the last message at or before its time, and early notes only with no older page', () => {
    const early = aNote({ id: 'e', createdAt: at(0) });
    const middle = aNote({ id: 'm', createdAt: at(3) });
    const late = aNote({ id: 'l', createdAt: at(9) });
    const same = aNote({ id: 's', createdAt: at(5) });
    const placed = placeNotes([question, answer], [late, middle, early, same], false);
    expect(placed.before.map((n) => n.id)).toEqual(['e']);
    expect(placed.after.get('q')?.map((n) => n.id)).toEqual(['m']);
    expect(placed.after.get('a')?.map((n) => n.id)).toEqual(['s', 'l']);
    // An older page may still hold the messages the early note follows.
    expect(placeNotes([question, answer], [early], true).before).toEqual([]);
  });
});

it('shows notes among the messages by time as sticky notes with their author, mentions and no ticks', async () => {
  mockApi({
    'GET /api/conversations/c1': () => detail([question, answer]),
    'GET /api/conversations/c1/notes': () => ({
      list: [aNote({ text: 'Ask @Adam about the refund', mentions: [adam] })],
      staff: [adam, olga],
    }),
  });
  renderChat();
  const note = await screen.findByRole('note', { name: 'Private note by Olga Owner' });
  expect(within(note).getByText('Note · Olga Owner')).toBeTruthy();
  expect(within(note).getByText('@Adam').tagName).toBe('STRONG');
  expect(within(note).queryByTitle(/Read|Sent|Delivered|Sending/)).toBeNull();
  expect(chatOrder()).toEqual(['q', 'note:Ask @Adam about the refund', 'a']);

  // A colleague's note arrives live; a deleted one goes.
  act(() => emitNamedEvent('note', { kind: 'added', note: aNote({ id: 'n2', text: 'Called her', createdAt: at(7) }) }));
  await screen.findByText('Called her');
  expect(chatOrder()).toEqual(['q', 'note:Ask @Adam about the refund', 'a', 'note:Called her']);
  act(() => emitNamedEvent('note', { kind: 'deleted', conversationId: 'c1', noteId: 'n1' }));
  await waitFor(() => expect(chatOrder()).toEqual(['q', 'a', 'note:Called her']));
  // Another conversation's note is not shown here.
  act(() =>
    emitNamedEvent('note', { kind: 'added', note: aNote({ id: 'n3', conversationId: 'c2', text: 'Elsewhere' }) }),
  );
  expect(screen.queryByText('Elsewhere')).toBeNull();
});

it("writes a note in the composer's Note mode: posted to the notes route with the picked mention, never sent", async () => {
  const saved = aNote({ id: 'n9', text: '@Adam Agent please call her', mentions: [adam], createdAt: at(8) });
  const calls = mockApi({
    'GET /api/conversations/c1': () => detail([question]),
    'GET /api/conversations/c1/notes': () => ({ list: [], staff: [adam, olga] }),
    'POST /api/conversations/c1/notes': () => saved,
  });
  renderChat();
  await screen.findByText('Where is my order?');
  fireEvent.click(screen.getByText('Note'));
  const box = (await screen.findByRole('textbox', { name: 'Private note' })) as HTMLTextAreaElement;
  expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();

  // `@` offers the staff by name; picking one mentions them.
  fireEvent.change(box, { target: { value: '@Ad', selectionStart: 3, selectionEnd: 3 } });
  fireEvent.keyUp(box, { key: 'd' });
  fireEvent.click(
    await screen.findByText('Adam Agent', {
      selector: '.ant-mentions-dropdown-menu-item *, .ant-mentions-dropdown-menu-item',
    }),
  );
  await waitFor(() => expect(box.value).toBe('@Adam Agent '));
  fireEvent.change(box, { target: { value: '@Adam Agent please call her' } });
  fireEvent.click(screen.getByRole('button', { name: /Add note/ }));

  await screen.findByRole('note', { name: 'Private note by Olga Owner' });
  // Nothing sent to the customer: the only write is the note (and the read receipt of opening the chat).
  const posts = calls.filter((call) => call.method === 'POST' && !call.url.endsWith('/read'));
  expect(posts).toEqual([
    expect.objectContaining({
      url: '/api/conversations/c1/notes',
      body: { text: '@Adam Agent please call her', mentions: ['u-adam'] },
    }),
  ]);
  expect(box.value).toBe('');
});

it('offers the Note mode beside templates once the 24-hour window has closed', async () => {
  const calls = mockApi({
    'GET /api/conversations/c1': () => ({ ...detail([question]), canSendFreeForm: false }),
    'GET /api/conversations/c1/notes': () => ({ list: [], staff: [adam, olga] }),
    'POST /api/conversations/c1/notes': () => aNote({ id: 'n8', text: 'Old customer, send the promo template' }),
  });
  renderChat();
  await screen.findByText('Where is my order?');
  fireEvent.click(await screen.findByText('Note'));
  const box = await screen.findByRole('textbox', { name: 'Private note' });
  fireEvent.change(box, { target: { value: 'Old customer, send the promo template' } });
  fireEvent.click(screen.getByRole('button', { name: /Add note/ }));
  await screen.findByRole('note', { name: 'Private note by Olga Owner' });
  expect(calls.filter((call) => call.method === 'POST' && !call.url.endsWith('/read')).map((call) => call.url)).toEqual(
    ['/api/conversations/c1/notes'],
  );
  // Back to templates.
  fireEvent.click(screen.getByText('Template'));
  expect(screen.queryByRole('textbox', { name: 'Private note' })).toBeNull();
});
