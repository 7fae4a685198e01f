import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { updatePersisted, type Conversation, type ConversationDetail } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aContact, aConversation, aMessage } from '../test-support/fixtures';
import { emitMessage, emitReconnect } from '../test-support/realtime-mock';
import { renderInApp } from '../test-support/render';
import { DashboardPage } from './dashboard-page';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const props = { navigate: jest.fn(), params: {}, search: '' };
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

function detail(conversation: Conversation, patch: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    ...conversation,
    messages: [aMessage({ conversationId: conversation.id, content: { text: 'Hello there' } })],
    hasMore: false,
    canSendFreeForm: true,
    ...patch,
  };
}

function rowNames() {
  return within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));
}

beforeEach(() => {
  updatePersisted({
    profile: {
      id: 'u',
      fullName: 'Dana Agent',
      email: 'd@x.io',
      role: 'agent',
      isOwner: false,
      account: { id: 'a', name: 'Acme Shop', logo: null },
    },
  });
});
afterEach(() => jest.restoreAllMocks());

it('shows the account name, the greeting, and the rows in spec order with a green Chat for waiting customers', async () => {
  mockApi({ 'GET /api/conversations': () => ({ list: [ana, phoneOnly, bob], nextCursor: null }) });
  renderInApp(<DashboardPage {...props} />);
  expect(screen.getByText('Acme Shop')).toBeTruthy();
  expect(screen.getByText('Hello, Dana Agent')).toBeTruthy();
  expect(screen.getByText('Select a conversation to start chatting.')).toBeTruthy();
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana', '+15550003']));
  const chatButton = (name: string) =>
    within(screen.getByRole('listitem', { name })).getByRole('button', { name: 'Chat' });
  expect(chatButton('Bobby').getAttribute('data-awaiting-reply')).toBe('true');
  expect(chatButton('Ana').getAttribute('data-awaiting-reply')).toBe('false');
});

it("greets 'User' when the profile has no full name", () => {
  updatePersisted({
    profile: {
      id: 'u',
      fullName: '',
      email: 'd@x.io',
      role: 'agent',
      isOwner: false,
      account: { id: 'a', name: 'Acme', logo: null },
    },
  });
  mockApi({ 'GET /api/conversations': () => ({ list: [], nextCursor: null }) });
  renderInApp(<DashboardPage {...props} />);
  expect(screen.getByText('Hello, User')).toBeTruthy();
});

it('filters the loaded rows at once and sends the filter to the server when typing pauses', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) => ({ list: params.q ? [ana] : [ana, bob, phoneOnly], nextCursor: null }),
  });
  renderInApp(<DashboardPage {...props} />);
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
  renderInApp(<DashboardPage {...props} />);
  await waitFor(() => expect(rowNames()).toEqual(['Ana']));
  fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
  await waitFor(() => expect(rowNames()).toEqual(['+15550003']));
  expect(calls.map((call) => call.params.status)).toEqual(['active', 'closed']);
});

it('opens a chat, and Close moves the conversation out of Active', async () => {
  const calls = mockApi({
    'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }),
    'GET /api/conversations/ana': () => detail(ana),
    'PUT /api/conversations/ana/status': (_params, body) => ({ ...ana, ...(body as object) }),
  });
  renderInApp(<DashboardPage {...props} />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Ana' })).getByRole('button', { name: 'Chat' }));
  await screen.findByText('Hello there');
  expect(screen.queryByText('Select a conversation to start chatting.')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(rowNames()).toEqual(['Bobby']));
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'closed' });
});

it('moves a live message to the top, counts it unread, and reloads the list for an unknown conversation', async () => {
  let answers = [ana, bob];
  const calls = mockApi({ 'GET /api/conversations': () => ({ list: answers, nextCursor: null }) });
  renderInApp(<DashboardPage {...props} />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana']));

  const fromAna = aMessage({
    id: 'live-1',
    conversationId: 'ana',
    direction: 'incoming',
    createdAt: '2024-05-01T13:00:00Z',
    updatedAt: '2024-05-01T13:00:00Z',
  });
  act(() => emitMessage({ conversationId: 'ana', message: fromAna }));
  expect(rowNames()).toEqual(['Ana', 'Bobby']);
  expect(within(screen.getByRole('listitem', { name: 'Ana' })).getByTitle('1 unread')).toBeTruthy();

  const stranger = aConversation({ id: 'new', contact: aContact({ name: 'Newcomer' }) });
  answers = [stranger, ana, bob];
  act(() => emitMessage({ conversationId: 'new', message: aMessage({ conversationId: 'new' }) }));
  await waitFor(() => expect(rowNames()).toContain('Newcomer'));
  expect(calls.filter((call) => call.url === '/api/conversations')).toHaveLength(2);
});

it('loads the next page with the cursor when the end of the list comes into view', async () => {
  const calls = mockApi({
    'GET /api/conversations': (params) =>
      params.cursor === 'page-2' ? { list: [phoneOnly], nextCursor: null } : { list: [ana, bob], nextCursor: 'page-2' },
  });
  renderInApp(<DashboardPage {...props} />);
  await waitFor(() => expect(rowNames()).toEqual(['Bobby', 'Ana', '+15550003']));
  expect(calls.map((call) => call.params.cursor)).toEqual([undefined, 'page-2']);
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
  renderInApp(<DashboardPage {...props} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Chat' }));
  await screen.findByText('Hello there');
  missed = true;
  act(() => emitReconnect());
  await screen.findByText('Sent while you were offline');
  expect(calls.filter((call) => call.url === '/api/conversations')).toHaveLength(2);
});
