import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Message } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aMessage } from '../test-support/fixtures';
import { emitMessage } from '../test-support/realtime-mock';
import { at, conversation, detail, question, renderChat, reply, withOlderPage } from '../test-support/chat';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

// Issue 22, accessibility: the open chat tells a screen reader about each new customer message once (the newest
// only, never the whole list), and keyboard focus survives closing the conversation.
const arrive = (message: Message) => act(() => emitMessage({ conversationId: 'c1', message, conversation }));
const liveRegion = () => screen.getByTestId('chat-announcer');

afterEach(() => jest.restoreAllMocks());

it('announces the newest customer message politely, one at a time, and not what was already there', async () => {
  mockApi({ 'GET /api/conversations/c1': () => detail([question]) });
  renderChat();
  await screen.findByText('Do you deliver on Sundays?');
  // The messages themselves are not a live region: a virtualised list would be read out page by page.
  const log = screen.getByRole('log', { name: 'Messages' });
  expect(log.getAttribute('aria-live')).toBe('off');
  expect(liveRegion().getAttribute('aria-live')).toBe('polite');
  expect(liveRegion().textContent).toBe('');

  arrive(aMessage({ id: 'n1', conversationId: 'c1', content: { text: 'Hello?' }, createdAt: at(2) }));
  await waitFor(() => expect(liveRegion().textContent).toBe('New message: Hello?'));
  arrive(aMessage({ id: 'n2', conversationId: 'c1', content: { text: 'Anyone there?' }, createdAt: at(3) }));
  await waitFor(() => expect(liveRegion().textContent).toBe('New message: Anyone there?'));

  // The agent's own message is not announced back to them.
  arrive(
    aMessage({
      id: 'o1',
      conversationId: 'c1',
      direction: 'outgoing',
      status: 'sent',
      content: { text: 'Yes, here' },
      createdAt: at(4),
    }),
  );
  await screen.findByText('Yes, here');
  expect(liveRegion().textContent).toBe('New message: Anyone there?');
});

it('announces a customer message that sorts above the newest reply (sent in the same second)', async () => {
  const ours = reply('r', 'We do', 5);
  mockApi({ 'GET /api/conversations/c1': () => detail([question, ours]) });
  renderChat();
  await screen.findByText('We do');
  arrive(aMessage({ id: 'n1', conversationId: 'c1', content: { text: 'Great, thanks' }, createdAt: at(4) }));
  await screen.findByText('Great, thanks');
  const order = [...document.querySelectorAll('[data-message-id]')].map((element) =>
    element.getAttribute('data-message-id'),
  );
  expect(order).toEqual(['q', 'n1', 'r']);
  await waitFor(() => expect(liveRegion().textContent).toBe('New message: Great, thanks'));
});

it('says nothing about older messages loaded above', async () => {
  mockApi(withOlderPage('From last week'));
  renderChat();
  await screen.findByText('From last week');
  expect(liveRegion().textContent).toBe('');
});

it('moves keyboard focus to the messages when Close, which had it, is disabled', async () => {
  mockApi({
    'GET /api/conversations/c1': () => detail([question]),
    'PUT /api/conversations/c1/status': (_p, body) => ({ ...conversation, ...(body as object) }),
  });
  renderChat();
  await screen.findByText('Do you deliver on Sundays?');
  const close = screen.getByRole('button', { name: 'Close' });
  close.focus();
  fireEvent.click(close);
  const log = screen.getByRole('log', { name: 'Messages' });
  await waitFor(() => expect(document.activeElement).toBe(log));
  expect(log.tabIndex).toBe(0);
  expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
});
