import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../test-support/api-mock';
import { aConversation, aMessage } from '../test-support/fixtures';
import { emitMessage, emitNamedEvent } from '../test-support/realtime-mock';
import { at, conversation, detail, question, renderChat, reply, withOlderPage } from '../test-support/chat';
const NEW_MESSAGES_TEXT = 'new messages ↓';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const answer = aMessage({
  id: 'a',
  conversationId: 'c1',
  direction: 'outgoing',
  status: 'read',
  replyTo: 'q',
  content: { text: 'Yes we do' },
  createdAt: at(2),
  updatedAt: at(3),
});
const failed = aMessage({
  id: 'f',
  conversationId: 'c1',
  direction: 'outgoing',
  status: 'failed',
  error: { code: 131026, title: 'Message undeliverable' },
  content: { text: 'Are you there?' },
  createdAt: at(4),
  updatedAt: at(4),
});
const poll = aMessage({ id: 'u', conversationId: 'c1', type: 'poll', content: {}, createdAt: at(5), updatedAt: at(5) });

function bubble(id: string): HTMLElement {
  return document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;
}

afterEach(() => jest.restoreAllMocks());

it('shows each message on its side with Reply on incoming ones, quotes, ticks, and unsupported types', async () => {
  mockApi({ 'GET /api/conversations/c1': () => detail([question, answer, failed, poll]) });
  renderChat();
  await screen.findByText('Yes we do');
  expect(screen.getByRole('heading', { name: 'Ana P' })).toBeTruthy();
  expect(bubble('q').getAttribute('data-direction')).toBe('incoming');
  expect(within(bubble('q')).getByRole('button', { name: 'Reply' })).toBeTruthy();
  expect(within(bubble('a')).queryByRole('button', { name: 'Reply' })).toBeNull();
  expect(within(bubble('a')).getByRole('button', { name: 'Do you deliver on Sundays?' })).toBeTruthy();
  expect(within(bubble('a')).getByTitle('Read').textContent).toBe('✓✓');
  expect(within(bubble('u')).getByText('Unsupported message type')).toBeTruthy();
  expect(within(bubble('f')).getByText('Message undeliverable (131026)')).toBeTruthy();
});

it('retries a failed message and shows it sending again', async () => {
  const calls = mockApi({
    'GET /api/conversations/c1': () => detail([failed]),
    'POST /api/conversations/c1/messages/f/retry': () => ({
      ...failed,
      status: 'pending',
      error: null,
      updatedAt: at(9),
    }),
  });
  renderChat();
  fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(within(bubble('f')).getByTitle('Sending')).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/conversations/c1/messages/f/retry');
});

it('puts Reply in the composer banner, and Cancel removes it', async () => {
  mockApi({ 'GET /api/conversations/c1': () => detail([question]) });
  renderChat();
  fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
  const banner = screen.getByRole('status');
  expect(within(banner).getByText('Replying to')).toBeTruthy();
  expect(within(banner).getByText('Do you deliver on Sundays?')).toBeTruthy();
  fireEvent.click(within(banner).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByText('Replying to')).toBeNull();
});

it('adds live messages and climbing ticks of the open conversation', async () => {
  const sent = reply('s', 'Hi!', 6);
  mockApi({ 'GET /api/conversations/c1': () => detail([sent]) });
  renderChat();
  await screen.findByText('Hi!');
  expect(within(bubble('s')).getByTitle('Sent').textContent).toBe('✓');
  act(() =>
    emitMessage({ conversationId: 'c1', message: { ...sent, status: 'delivered', updatedAt: at(7) }, conversation }),
  );
  expect(within(bubble('s')).getByTitle('Delivered').textContent).toBe('✓✓');
  act(() =>
    emitMessage({
      conversationId: 'c1',
      message: aMessage({ id: 'n', conversationId: 'c1', content: { text: 'Thanks' }, createdAt: at(8) }),
      conversation,
    }),
  );
  act(() =>
    emitMessage({
      conversationId: 'other',
      message: aMessage({ id: 'x', conversationId: 'other', content: { text: 'Not here' } }),
      conversation: aConversation({ id: 'other' }),
    }),
  );
  expect(await screen.findByText('Thanks')).toBeTruthy();
  expect(screen.queryByText('Not here')).toBeNull();
});

it('collapses Close and Archive into a menu on a narrow screen', async () => {
  const onConversationChange = jest.fn();
  const calls = mockApi({
    'GET /api/conversations/c1': () => detail([question]),
    'PUT /api/conversations/c1/status': (_p, body) => ({ ...conversation, ...(body as object) }),
  });
  renderChat({ narrow: true, onConversationChange });
  await screen.findByText('Do you deliver on Sundays?');
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Conversation actions' }));
  fireEvent.click(await screen.findByText('Archive'));
  await waitFor(() =>
    expect(onConversationChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1', status: 'archived' })),
  );
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'archived' });
});

it('loads older messages with the before cursor, oldest first above the newest', async () => {
  const calls = mockApi(withOlderPage('From last week'));
  renderChat();
  await screen.findByText('From last week');
  const order = [...document.querySelectorAll('[data-message-id]')].map((element) =>
    element.getAttribute('data-message-id'),
  );
  expect(order).toEqual(['old', 'q']);
  // The pages of messages (the chat also reads its notes and marks itself read).
  const pages = calls.filter((call) => call.method === 'GET' && call.url === '/api/conversations/c1');
  expect(pages.map((call) => call.params.before)).toEqual([undefined, 'q']);
});

it('puts a day separator above the first message of each day', async () => {
  const now = new Date();
  const localIso = (daysAgo: number, hour: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour).toISOString();
  const messages = [
    aMessage({ id: 'y1', conversationId: 'c1', content: { text: 'Yesterday morning' }, timestamp: localIso(1, 9) }),
    aMessage({ id: 'y2', conversationId: 'c1', content: { text: 'Yesterday evening' }, timestamp: localIso(1, 20) }),
    aMessage({ id: 't1', conversationId: 'c1', content: { text: 'Today early' }, timestamp: localIso(0, 0) }),
  ];
  mockApi({ 'GET /api/conversations/c1': () => detail(messages) });
  renderChat();
  await screen.findByText('Today early');
  expect(screen.getAllByRole('separator').map((separator) => separator.textContent)).toEqual(['Yesterday', 'Today']);
});

it('offers "new messages ↓" when a message arrives while the agent reads further up, and takes them down', async () => {
  mockApi({ 'GET /api/conversations/c1': () => detail([question]) });
  renderChat();
  await screen.findByText('Do you deliver on Sundays?');
  const arrive = (id: string, text: string) =>
    act(() =>
      emitMessage({
        conversationId: 'c1',
        message: aMessage({ id, conversationId: 'c1', content: { text }, createdAt: at(10 + id.length) }),
        conversation,
      }),
    );

  // At the bottom, a new message simply shows.
  arrive('n', 'Hello?');
  await screen.findByText('Hello?');
  expect(screen.queryByRole('button', { name: NEW_MESSAGES_TEXT })).toBeNull();

  // Scrolled up (jsdom lays nothing out: the log is given a height taller than its 800 px view).
  const log = screen.getByRole('log', { name: 'Messages' });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 3000 });
  fireEvent.scroll(log);
  arrive('nn', 'Anyone there?');
  const button = await screen.findByRole('button', { name: NEW_MESSAGES_TEXT });
  fireEvent.click(button);
  await waitFor(() => expect(screen.queryByRole('button', { name: NEW_MESSAGES_TEXT })).toBeNull());

  // Scrolling back to the end by hand also puts it away.
  fireEvent.scroll(log);
  arrive('nnn', 'Still there?');
  await screen.findByRole('button', { name: NEW_MESSAGES_TEXT });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 800 });
  fireEvent.scroll(log);
  await waitFor(() => expect(screen.queryByRole('button', { name: NEW_MESSAGES_TEXT })).toBeNull());
});

it('follows a close, archive or reopen by someone else at once, with Reopen while archived', async () => {
  const calls = mockApi({
    'GET /api/conversations/c1': () => detail([question]),
    'PUT /api/conversations/c1/status': (_p, body) => ({ ...conversation, ...(body as object), updatedAt: at(30) }),
  });
  renderChat();
  await screen.findByText('Do you deliver on Sundays?');
  expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();

  const theirs = (status: 'closed' | 'archived', minute: number) =>
    act(() =>
      emitNamedEvent('conversation', {
        conversation: { ...conversation, status, unreadCount: 0, updatedAt: at(minute) },
        counts: { active: 0, closed: 0, archived: 1 },
        unreadTotal: 0,
        archivedReplies: 0,
      }),
    );
  theirs('closed', 10);
  expect(screen.getByText('Closed')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
  theirs('archived', 20);
  expect(screen.getByText('Archived')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
  await waitFor(() => expect(screen.getByText('Active')).toBeTruthy());
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'active' });
  expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  // A late copy from before the reopen does not move the header back.
  theirs('archived', 20);
  expect(screen.getByText('Active')).toBeTruthy();
});

it('opened at a message found by search, loads older pages until it is in and highlights it', async () => {
  mockApi(withOlderPage('The parcel number is 4471'));
  renderChat({ messageId: 'old' });
  await waitFor(() => expect(bubble('old')?.querySelector('[data-highlighted]')).toBeTruthy());
  expect(bubble('q').querySelector('[data-highlighted]')).toBeNull();
});
