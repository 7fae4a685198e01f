import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as shared from '@parley/shared';
import {
  updatePersisted,
  type Conversation,
  type ConversationDetail,
  type ConversationEvent,
  type MentionEvent,
} from '@parley/shared';
import { contactLabel } from '../conversation/contact-label';
import { mockApi } from '../test-support/api-mock';
import { aContact, aConversation, aMessage } from '../test-support/fixtures';
import { emitMessage, emitNamedEvent, emitReconnect } from '../test-support/realtime-mock';
import { renderInApp } from '../test-support/render';
import { browseTo, navigations, Routed, withAgentSignedIn } from '../test-support/routed-dashboard';

// The fake socket of test-support, with the named events (`conversation`, `mention`) the dashboard listens to.
jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());
const counts = { active: 2, closed: 1, archived: 0 };
const emitConversation = (conversation: Conversation, tabCounts = counts, archivedReplies = 0) =>
  act(() =>
    emitNamedEvent('conversation', {
      conversation: { unreadCount: 0, ...conversation },
      counts: tabCounts,
      unreadTotal: 0,
      archivedReplies,
    } satisfies ConversationEvent),
  );

const ana = aConversation({
  id: 'ana',
  contact: aContact({ name: 'Ana' }),
  lastMessage: { incoming: false, timestamp: '2024-05-01T12:00:00Z' },
});
const bob = aConversation({
  id: 'bob',
  contact: aContact({ profileName: 'Bobby', phone: '+15550002' }),
  lastMessage: { incoming: true, timestamp: '2024-05-01T09:00:00Z' },
});
const phoneOnly = aConversation({
  id: 'p',
  contact: aContact({ phone: '+15550003' }),
  lastMessage: { incoming: false, timestamp: '2024-05-01T08:00:00Z' },
});
// However phones are written for people (conversation/contact-label.ts), the row is named like that.
// As the page shows it: libphonenumber's formats arrive before the Dashboard parcel mounts (createPageParcel's `before`).
let phoneOnlyLabel = '';
beforeAll(async () => {
  await shared.phoneFormatReady();
  phoneOnlyLabel = contactLabel(phoneOnly.contact);
});

function detail(conversation: Conversation, patch: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    ...conversation,
    messages: [aMessage({ conversationId: conversation.id, content: { text: 'Hello there' } })],
    hasMore: false,
    canSendFreeForm: true,
    ...patch,
  };
}

const listCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((call) => call.url === '/api/conversations');

function rowNames() {
  return within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));
}

withAgentSignedIn();

it('shows the account name, the greeting, and the rows in spec order with a green Chat for waiting customers', async () => {
  mockApi({ 'GET /api/conversations': () => ({ list: [ana, phoneOnly, bob], nextCursor: null }) });
  renderInApp(<Routed />);
  expect(screen.getByText('Acme Shop')).toBeTruthy();
  expect(screen.getByText('Hello, Dana Agent')).toBeTruthy();
  expect(screen.getByText('Select a conversation to start chatting.')).toBeTruthy();
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana', phoneOnlyLabel]));
  const chatButton = (name: string) =>
    within(screen.getByRole('listitem', { name })).getByRole('button', { name: 'Chat' });
  expect(chatButton('Bobby').getAttribute('data-awaiting-reply')).toBe('true');
  expect(chatButton('Ana').getAttribute('data-awaiting-reply')).toBe('false');
});

it("greets 'User' when the profile has no full name", async () => {
  updatePersisted({
    profile: {
      id: 'u',
      fullName: '',
      email: 'd@x.io',
      title: '',
      role: 'agent',
      isOwner: false,
      status: 'active',
      account: { id: 'a', name: 'Acme', logo: null },
    },
  });
  mockApi({ 'GET /api/conversations': () => ({ list: [], nextCursor: null }) });
  renderInApp(<Routed />);
  expect(screen.getByText('Hello, User')).toBeTruthy();
  // The list's answer lands inside the test, not after it.
  await screen.findByText('No conversations');
});

it('filters the loaded rows at once and sends the filter to the server when typing pauses', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) => ({ list: params.q ? [ana] : [ana, bob, phoneOnly], nextCursor: null }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toHaveLength(3));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: 'ANA' } });
  expect(rowNames()).toEqual(['Ana']);
  await waitFor(() =>
    expect(calls.some((call) => call.params.q === 'ANA' && call.params.status === 'active')).toBe(true),
  );
});

it('loads the tab the user picks', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) => ({
      list: params.status === 'closed' ? [phoneOnly] : [ana],
      nextCursor: null,
    }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
  await waitFor(() => expect(rowNames()).toEqual([phoneOnlyLabel]));
  expect(listCalls(calls).map((call) => call.params.status)).toEqual(['active', 'closed']);
});

it('never lets a late answer for the tab the user left replace the tab they picked', async () => {
  let answerActive: (page: unknown) => void = () => undefined;
  mockApi({
    'GET /api/conversations': (params) =>
      params.status === 'closed'
        ? { list: [phoneOnly], nextCursor: null }
        : new Promise((resolve) => (answerActive = resolve)),
  });
  renderInApp(<Routed />);
  fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
  await waitFor(() => expect(rowNames()).toEqual([phoneOnlyLabel]));
  await act(async () => answerActive({ list: [ana, bob], nextCursor: null }));
  expect(rowNames()).toEqual([phoneOnlyLabel]);
});

it('opens a chat, and Close moves the conversation out of Active', async () => {
  const calls = mockApi({
    'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }),
    'GET /api/conversations/ana': () => detail(ana),
    'PUT /api/conversations/ana/status': (_params, body) => ({ ...ana, ...(body as object) }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Ana' })).getByRole('button', { name: 'Chat' }));
  await screen.findByText('Hello there');
  expect(screen.queryByText('Select a conversation to start chatting.')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(rowNames()).toEqual(['Bobby']));
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'closed' });
});

it('moves a live message to the top, shows the unread count the server announces, and reloads the list for an unknown conversation', async () => {
  let answers = [ana, bob];
  const calls = mockApi({ 'GET /api/conversations': () => ({ list: answers, nextCursor: null }) });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));

  const fromAna = aMessage({
    id: 'live-1',
    conversationId: 'ana',
    direction: 'incoming',
    createdAt: '2024-05-01T13:00:00Z',
    updatedAt: '2024-05-01T13:00:00Z',
  });
  const anaAfter = { ...ana, lastMessage: { incoming: true, timestamp: fromAna.createdAt } };
  act(() => emitMessage({ conversationId: 'ana', message: fromAna, conversation: anaAfter }));
  expect(rowNames()).toEqual(['Ana', 'Bobby']);
  emitConversation({ ...anaAfter, unreadCount: 1 });
  expect(within(screen.getByRole('listitem', { name: 'Ana' })).getByTitle('1 unread')).toBeTruthy();
  expect(screen.getByTestId('last-message-preview').textContent).toBe(fromAna.content.text);

  const stranger = aConversation({ id: 'new', contact: aContact({ name: 'Newcomer' }) });
  answers = [stranger, ana, bob];
  act(() =>
    emitMessage({ conversationId: 'new', message: aMessage({ conversationId: 'new' }), conversation: stranger }),
  );
  await waitFor(() => expect(rowNames()).toContain('Newcomer'));
  expect(calls.filter((call) => call.url === '/api/conversations')).toHaveLength(2);
});

it('loads the next page with the cursor when the end of the list comes into view', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) =>
      params.cursor === 'page-2' ? { list: [phoneOnly], nextCursor: null } : { list: [ana, bob], nextCursor: 'page-2' },
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana', phoneOnlyLabel]));
  expect(listCalls(calls).map((call) => call.params.cursor)).toEqual([undefined, 'page-2']);
});

it('after a reconnect refetches the list and the open conversation, so nothing missed stays missing', async () => {
  let missed = false;
  const calls = mockApi({
    'GET /api/conversations': () => ({ list: [ana], nextCursor: null }),
    'GET /api/conversations/ana': () =>
      detail(
        ana,
        missed
          ? {
              messages: [
                aMessage({ id: 'm-missed', conversationId: 'ana', content: { text: 'Sent while you were offline' } }),
              ],
            }
          : {},
      ),
  });
  renderInApp(<Routed />);
  fireEvent.click(await screen.findByRole('button', { name: 'Chat' }));
  await screen.findByText('Hello there');
  missed = true;
  act(() => emitReconnect());
  await screen.findByText('Sent while you were offline');
  expect(calls.filter((call) => call.url === '/api/conversations')).toHaveLength(2);
});

const tabCount = (name: string) =>
  screen.getByRole('tab', { name }).querySelector('.inbox-tab-count')?.textContent ?? null;

it('keeps the open conversation, the tab and the filters in the address, and follows Back/Forward', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) => ({ list: params.status === 'closed' ? [ana] : [bob], nextCursor: null }),
    'GET /api/conversations/ana': () => detail(ana),
  });
  renderInApp(<Routed initial="?conversation=ana&tab=closed&q=555" />);
  await screen.findByText('Hello there');
  expect(screen.getByRole('tab', { name: 'Closed', selected: true })).toBeTruthy();
  expect((screen.getByRole('searchbox', { name: 'Search conversations' }) as HTMLInputElement).value).toBe('555');
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  expect(listCalls(calls)[0].params).toMatchObject({ status: 'closed', q: '555' });

  fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
  await waitFor(() => expect(rowNames()).toEqual(['Bobby']));
  expect(navigations.at(-1)).toMatch(/\?conversation=ana&q=555$/);
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Bobby' })).getByRole('button', { name: 'Chat' }));
  expect(navigations.at(-1)).toMatch(/\?conversation=bob&q=555$/);

  // Back to where it started: the Closed tab, Ana open, the same search.
  browseTo('?conversation=ana&tab=closed&q=555');
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  expect(screen.getByRole('listitem', { name: 'Ana' }).getAttribute('aria-current')).toBe('true');
  // Back again to the plain dashboard: no search, nothing open.
  browseTo('');
  await screen.findByText('Select a conversation to start chatting.');
  expect((screen.getByRole('searchbox', { name: 'Search conversations' }) as HTMLInputElement).value).toBe('');
});

it('puts the typed search in the address once typing pauses', async () => {
  mockApi({ 'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }) });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toHaveLength(2));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: 'bob' } });
  await waitFor(() => expect(navigations).toEqual(['/?q=bob']));
});

it('marks a row with @ when a colleague mentions the reader, until they open it', async () => {
  mockApi({
    'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }),
    'GET /api/conversations/ana': () => detail(ana),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));
  const row = (name: string) =>
    within(screen.getByRole('list', { name: 'Conversations' })).getByRole('listitem', { name });
  const mention = (noteId: string, conversationId: string) =>
    act(() =>
      emitNamedEvent('mention', {
        note: {
          id: noteId,
          conversationId,
          author: { id: 'u-olga', fullName: 'Olga Owner' },
          text: '@Dana Agent can you call her?',
          mentions: [{ id: 'u', fullName: 'Dana Agent' }],
          createdAt: '2024-05-01T12:30:00Z',
        },
        contactName: 'Ana',
      } satisfies MentionEvent),
    );

  mention('n1', 'ana');
  expect(within(row('Ana')).getByTitle('You were mentioned')).toBeTruthy();
  expect(within(row('Bobby')).queryByTitle('You were mentioned')).toBeNull();

  fireEvent.click(within(row('Ana')).getByRole('button', { name: 'Chat' }));
  await waitFor(() => expect(within(row('Ana')).queryByTitle('You were mentioned')).toBeNull());
  // Mentioned again while it is open: already read.
  mention('n2', 'ana');
  browseTo('');
  await waitFor(() => expect(screen.queryByTitle('You were mentioned')).toBeNull());
});

it('moves a row between tabs at once when another staff member changes its status, and keeps the counts', async () => {
  mockApi({
    'GET /api/conversations': (params) => ({
      list: params.status === 'closed' ? [phoneOnly] : [ana, bob],
      nextCursor: null,
    }),
    'GET /api/conversations/summary': () => ({ counts, unreadTotal: 0, archivedReplies: 0 }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));
  await waitFor(() => expect(tabCount('Active')).toBe('2'));
  expect(tabCount('Closed')).toBe('1');

  const later = '2024-05-02T10:00:00Z';
  emitConversation({ ...ana, status: 'closed', updatedAt: later }, { active: 1, closed: 2, archived: 0 });
  expect(rowNames()).toEqual(['Bobby']);
  expect(tabCount('Active')).toBe('1');
  expect(tabCount('Closed')).toBe('2');
  // A late copy from before the change does not bring it back.
  emitConversation({ ...ana, status: 'active' });
  expect(rowNames()).toEqual(['Bobby']);

  // Reopened by someone else: back in Active without a reload, with its new contact name.
  emitConversation({
    ...ana,
    status: 'active',
    contact: { ...ana.contact, name: 'Ana Souza' },
    updatedAt: '2024-05-02T11:00:00Z',
  });
  expect(rowNames()).toEqual(['Bobby', 'Ana Souza']);
});

it('marks a customer reply in an archived conversation and reopens it with Reopen', async () => {
  const replied = aConversation({
    id: 'arch',
    status: 'archived',
    contact: aContact({ name: 'Cleo' }),
    archivedReplyAt: '2024-05-01T12:00:00Z',
  });
  const calls = mockApi({
    'GET /api/conversations': (params) => ({
      list: params.status === 'archived' ? [replied] : [ana],
      nextCursor: null,
    }),
    'PUT /api/conversations/arch/status': (_params, body) => ({
      ...replied,
      ...(body as object),
      archivedReplyAt: null,
      updatedAt: '2024-05-02T10:00:00Z',
    }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  expect(screen.getByRole('tab', { name: 'Archived' }).querySelector('.inbox-tab-dot')).toBeNull();
  emitConversation(replied, counts, 1);
  expect(screen.getByRole('tab', { name: 'Archived' }).querySelector('.inbox-tab-dot')).not.toBeNull();

  fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
  const row = await screen.findByRole('listitem', { name: 'Cleo' });
  expect(within(row).getByText('New reply')).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: 'Reopen' }));
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cleo' })).toBeNull());
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'active' });
  // The server announces the change to its author too, with the new count.
  emitConversation(
    { ...replied, status: 'active', archivedReplyAt: null, updatedAt: '2024-05-02T10:00:00Z' },
    counts,
    0,
  );
  expect(screen.getByRole('tab', { name: 'Archived' }).querySelector('.inbox-tab-dot')).toBeNull();
});

it("marks the Archived tab from the server's count of archived conversations with a reply, none loaded", async () => {
  mockApi({
    'GET /api/conversations': () => ({ list: [ana], nextCursor: null }),
    'GET /api/conversations/summary': () => ({ counts, unreadTotal: 0, archivedReplies: 1 }),
  });
  renderInApp(<Routed />);
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  await waitFor(() =>
    expect(screen.getByRole('tab', { name: 'Archived' }).querySelector('.inbox-tab-dot')).not.toBeNull(),
  );
});

it('shows the preview of the last message on rows loaded from the server', async () => {
  // Its own id: the previews stay across tests like across pages (earlier tests saw Ana's messages live).
  const withPreview = aConversation({
    id: 'dora',
    contact: aContact({ name: 'Dora' }),
    lastMessage: { incoming: true, timestamp: '2024-05-01T10:00:00.000Z', preview: 'My receipt' },
  });
  mockApi({ 'GET /api/conversations': () => ({ list: [withPreview], nextCursor: null }) });
  renderInApp(<Routed />);
  await waitFor(() => expect(screen.getByTestId('last-message-preview').textContent).toBe('My receipt'));
});

it("names a last message without text in the reader's language", async () => {
  const photo = aConversation({
    id: 'eva',
    contact: aContact({ name: 'Eva' }),
    lastMessage: { incoming: true, timestamp: '2024-05-01T10:00:00.000Z', preview: 'Image', type: 'image' },
  });
  mockApi({ 'GET /api/conversations': () => ({ list: [photo], nextCursor: null }) });
  act(() => shared.$browserLanguages.set(['pt-BR']));
  try {
    renderInApp(<Routed />);
    await waitFor(() => expect(screen.getByTestId('last-message-preview').textContent).toBe('Imagem'));
  } finally {
    act(() => shared.$browserLanguages.set(['en']));
  }
});

it('tells an owner whose account never connected WhatsApp how to connect it', async () => {
  updatePersisted({
    profile: {
      id: 'o',
      fullName: 'Olga Owner',
      email: 'o@x.io',
      title: '',
      role: 'owner',
      isOwner: true,
      status: 'active',
      account: { id: 'a', name: 'Acme Shop', logo: null },
    },
    session: { isAuthenticated: true, lastLoginDate: null, isOwner: true },
  });
  mockApi({
    'GET /api/conversations': () => ({ list: [], nextCursor: null }),
    'GET /api/account/connection': () => ({ status: 'none' }),
  });
  renderInApp(<Routed />);
  await screen.findByText('Connect your WhatsApp Business number to start receiving messages');
  fireEvent.click(screen.getByRole('link', { name: 'Credential Setup' }));
  expect(navigations).toEqual(['/credential']);
  act(() => updatePersisted({ session: { isAuthenticated: false, lastLoginDate: null, isOwner: false } }));
});
