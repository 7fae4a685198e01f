import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation, ConversationDetail, Message } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aContact, aConversation, aMessage } from '../test-support/fixtures';
import { renderInApp } from '../test-support/render';
import { navigations, Routed, withAgentSignedIn } from '../test-support/routed-dashboard';

// The fake socket of test-support (no event is sent here).
jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const ana = aConversation({
  id: 'ana',
  contact: aContact({ name: 'Ana' }),
  lastMessage: { incoming: true, timestamp: '2024-05-01T12:00:00Z' },
});
const bob = aConversation({
  id: 'bob',
  contact: aContact({ name: 'Bob', phone: '+15550002' }),
  lastMessage: { incoming: false, timestamp: '2024-05-01T09:00:00Z' },
});
const detail = (conversation: Conversation, messages: Message[]): ConversationDetail => ({
  ...conversation,
  messages,
  hasMore: false,
  canSendFreeForm: true,
});
const press = (key: string, init: Partial<KeyboardEventInit> = {}, target: Element = document.body) =>
  act(() => void fireEvent.keyDown(target, { key, ...init }));
const openedId = () => new URLSearchParams(navigations.at(-1)?.split('?')[1]).get('conversation');

withAgentSignedIn();

it('walks the list with j and k, focuses the search with /, and lists the shortcuts with ?', async () => {
  mockApi({
    'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }),
    'GET /api/conversations/ana': () => detail(ana, [aMessage({ conversationId: 'ana', content: { text: 'Hi' } })]),
    'GET /api/conversations/bob': () => detail(bob, [aMessage({ conversationId: 'bob', content: { text: 'Yo' } })]),
  });
  renderInApp(<Routed />);
  const list = await screen.findByRole('list', { name: 'Conversations' });
  await within(list).findByRole('listitem', { name: 'Bob' });

  press('j');
  expect(openedId()).toBe('ana');
  await screen.findByText('Hi');
  press('j');
  expect(openedId()).toBe('bob');
  // The last row: j stays there.
  press('j');
  expect(openedId()).toBe('bob');
  press('k');
  expect(openedId()).toBe('ana');

  press('/');
  const search = screen.getByRole('searchbox', { name: 'Search conversations' });
  expect(document.activeElement).toBe(search);
  // Typed into the search, j is a letter.
  const opened = navigations.length;
  press('j', {}, search);
  expect(navigations).toHaveLength(opened);

  press('?', { shiftKey: true });
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(dialog).getByText('Next conversation')).toBeTruthy();
  expect(within(dialog).getByText('Reply to the last customer message')).toBeTruthy();
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
});

it('replies to the customer’s last message with r and closes the conversation with e', async () => {
  const calls = mockApi({
    'GET /api/conversations': () => ({ list: [ana, bob], nextCursor: null }),
    'GET /api/conversations/ana': () =>
      detail(ana, [
        aMessage({ conversationId: 'ana', content: { text: 'First question' }, createdAt: '2024-05-01T10:00:00Z' }),
        aMessage({ conversationId: 'ana', content: { text: 'Second question' }, createdAt: '2024-05-01T11:00:00Z' }),
        aMessage({
          conversationId: 'ana',
          direction: 'outgoing',
          status: 'read',
          content: { text: 'Our answer' },
          createdAt: '2024-05-01T12:00:00Z',
        }),
      ]),
    'PUT /api/conversations/ana/status': (_params, body) => ({ ...ana, ...(body as object) }),
  });
  renderInApp(<Routed />);
  await within(await screen.findByRole('list', { name: 'Conversations' })).findByRole('listitem', { name: 'Ana' });
  press('j');
  await screen.findByText('Our answer');

  press('r');
  const banner = await screen.findByRole('status');
  expect(within(banner).getByText('Replying to')).toBeTruthy();
  expect(within(banner).getByText('Second question')).toBeTruthy();
  expect(document.activeElement?.tagName).toBe('TEXTAREA');
  // Typed in the message box, e is a letter.
  press('e', {}, document.activeElement!);
  expect(calls.some((call) => call.method === 'PUT')).toBe(false);

  press('e');
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'closed' }));
  await waitFor(() =>
    expect(
      within(screen.getByRole('list', { name: 'Conversations' })).queryByRole('listitem', { name: 'Ana' }),
    ).toBeNull(),
  );
});
