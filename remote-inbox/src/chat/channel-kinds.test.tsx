import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConversationDetail, Message } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aContact, aConversation, aMessage } from '../test-support/fixtures';
import { emitMessage } from '../test-support/realtime-mock';
import { renderInApp } from '../test-support/render';
import { ChatPane } from './chat-pane';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

// What WhatsApp sends beyond plain texts, as staff see it in the open conversation (issue 14).
const at = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const conversation = aConversation({
  id: 'c1',
  contact: aContact({ name: null, profileName: 'Ana P', phone: '15550101' }),
});

function message(id: string, minute: number, patch: Partial<Message>): Message {
  return aMessage({
    id,
    conversationId: 'c1',
    timestamp: at(minute),
    createdAt: at(minute),
    updatedAt: at(minute),
    ...patch,
  });
}

function detail(messages: Message[], patch: Partial<ConversationDetail> = {}): ConversationDetail {
  return { ...conversation, messages, hasMore: false, canSendFreeForm: true, ...patch };
}

const bubble = (id: string) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;
const open = () => renderInApp(<ChatPane conversationId="c1" narrow={false} onConversationChange={jest.fn()} />);

afterEach(() => jest.restoreAllMocks());

it('shows orders, ads, notices and template button taps for what they are, never as unsupported', async () => {
  mockApi({
    'GET /api/conversations/c1': () =>
      detail([
        message('welcome', 1, { type: 'request_welcome', content: {} }),
        message('ad', 2, {
          content: { text: 'Is it in stock?', referral: { headline: 'Summer sale', sourceUrl: 'https://fb.me/ad1' } },
        }),
        message('order', 3, {
          type: 'order',
          content: {
            order: {
              catalogId: 'cat',
              items: [{ productRetailerId: 'Blue mug', quantity: 2, itemPrice: 12.5, currency: 'USD' }],
            },
          },
        }),
        message('moved', 4, {
          type: 'system',
          content: { system: { type: 'user_changed_number', body: 'Ana changed her number', newWaId: '15550199' } },
        }),
        message('tap', 5, {
          type: 'button',
          content: { text: 'Yes please', button: { payload: 'y', text: 'Yes please' } },
        }),
      ]),
    'POST /api/conversations/c1/read': () => ({ ok: true }),
  });
  open();
  await screen.findByText('Is it in stock?');
  expect(screen.queryByText('Unsupported message type')).toBeNull();
  expect(within(bubble('welcome')).getByText(/opened this chat for the first time/)).toBeTruthy();
  const ad = within(bubble('ad'));
  expect(ad.getByText('Summer sale')).toBeTruthy();
  expect(ad.getByText('https://fb.me/ad1').getAttribute('href')).toBe('https://fb.me/ad1');
  // The ad comes above the customer's words.
  const adBox = ad.getByText('Summer sale').closest('.inbox-referral')!;
  expect(
    adBox.compareDocumentPosition(ad.getByText('Is it in stock?')) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  const order = within(bubble('order'));
  expect(order.getByText('Blue mug')).toBeTruthy();
  expect(order.getByText('× 2')).toBeTruthy();
  expect(order.getByText('$12.50')).toBeTruthy();
  expect(order.getByText('Total $25.00')).toBeTruthy();
  expect(within(bubble('moved')).getByText(/Ana changed her number/)).toBeTruthy();
  expect(within(bubble('moved')).queryByText('Reply')).toBeNull();
  expect(within(bubble('tap')).getByText('Yes please')).toBeTruthy();
});

it('marks messages the business sent from the phone app', async () => {
  mockApi({
    'GET /api/conversations/c1': () =>
      detail([
        message('echo', 1, {
          direction: 'outgoing',
          status: 'sent',
          sentFrom: 'phone_app',
          content: { text: 'From my phone' },
        }),
        message('ours', 2, { direction: 'outgoing', status: 'sent', content: { text: 'From Parley' } }),
      ]),
  });
  open();
  await screen.findByText('From my phone');
  expect(bubble('echo').getAttribute('data-direction')).toBe('outgoing');
  expect(within(bubble('echo')).getByText(/sent from the phone app/)).toBeTruthy();
  expect(within(bubble('ours')).queryByText(/sent from the phone app/)).toBeNull();
});

it("names a customer without a phone by profile name in the header, never 'null'", async () => {
  const noPhone = {
    ...conversation,
    contact: aContact({ phone: null, profileName: null, username: 'ana.p', userId: 'US.1' }),
  };
  mockApi({ 'GET /api/conversations/c1': () => ({ ...noPhone, messages: [], hasMore: false, canSendFreeForm: true }) });
  open();
  expect(await screen.findByRole('heading', { name: 'ana.p' })).toBeTruthy();
  expect(document.body.textContent).not.toContain('null');
});

it("shows Meta's details of a failure, and after 131047 offers Send a template, which opens the template picker", async () => {
  mockApi({
    'GET /api/conversations/c1': () =>
      detail([
        message('late', 1, {
          direction: 'outgoing',
          status: 'failed',
          content: { text: 'Still there?' },
          error: {
            code: 131047,
            title: 'Re-engagement message',
            details: 'Message failed to send because more than 24 hours have passed since the customer last replied.',
          },
        }),
        message('other', 2, {
          direction: 'outgoing',
          status: 'failed',
          content: { text: 'Hello?' },
          error: { code: 131026, title: 'Message undeliverable' },
        }),
      ]),
    'GET /api/account/templates': () => [{ name: 'follow_up', language: 'en_US', components: [] }],
  });
  open();
  await screen.findByText('Still there?');
  const late = within(bubble('late'));
  expect(late.getByText(/more than 24 hours have passed/)).toBeTruthy();
  expect(late.queryByText('Retry')).toBeNull();
  expect(within(bubble('other')).getByText('Retry')).toBeTruthy();
  fireEvent.click(late.getByText('Send a template'));
  expect(await screen.findByRole('combobox', { name: 'Template' })).toBeTruthy();
  expect(await screen.findByText('follow_up (en_US)')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
});

it('places a late live message by WhatsApp time among those shown', async () => {
  mockApi({
    'GET /api/conversations/c1': () =>
      detail([message('m1', 1, { content: { text: 'one' } }), message('m3', 3, { content: { text: 'three' } })]),
  });
  open();
  await screen.findByText('three');
  act(() =>
    emitMessage({
      conversationId: 'c1',
      conversation,
      message: message('m2', 2, { content: { text: 'two' }, createdAt: at(9) }),
    }),
  );
  await screen.findByText('two');
  const order = [...document.querySelectorAll('[data-message-id]')].map((element) =>
    element.getAttribute('data-message-id'),
  );
  expect(order).toEqual(['m1', 'm2', 'm3']);
});

describe('read receipts', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeAll(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility }));
  afterEach(() => {
    visibility = 'visible';
  });

  const reads = (calls: Array<{ method: string; url: string }>) =>
    calls.filter((call) => call.method === 'POST' && call.url === '/api/conversations/c1/read').length;

  it('marks the conversation read on opening, then once per newest incoming message, not per update', async () => {
    const question = message('q', 1, { content: { text: 'Open today?' } });
    const calls = mockApi({
      'GET /api/conversations/c1': () => detail([question]),
      'POST /api/conversations/c1/read': () => ({ ok: true }),
    });
    open();
    await screen.findByText('Open today?');
    await waitFor(() => expect(reads(calls)).toBe(1));
    // Our own reply and a status change of it are not the customer's: no new receipt.
    const reply = message('r', 2, { direction: 'outgoing', status: 'sent', content: { text: 'Yes' } });
    act(() => emitMessage({ conversationId: 'c1', conversation, message: reply }));
    act(() =>
      emitMessage({ conversationId: 'c1', conversation, message: { ...reply, status: 'read', updatedAt: at(3) } }),
    );
    act(() =>
      emitMessage({ conversationId: 'c1', conversation, message: message('t', 4, { content: { text: 'Thanks' } }) }),
    );
    await screen.findByText('Thanks');
    await waitFor(() => expect(reads(calls)).toBe(2));
    act(() =>
      emitMessage({ conversationId: 'c1', conversation, message: { ...reply, status: 'read', updatedAt: at(5) } }),
    );
    expect(reads(calls)).toBe(2);
  });

  it('waits until the page is visible', async () => {
    visibility = 'hidden';
    const calls = mockApi({
      'GET /api/conversations/c1': () => detail([message('q', 1, { content: { text: 'Anyone?' } })]),
      'POST /api/conversations/c1/read': () => ({ ok: true }),
    });
    open();
    await screen.findByText('Anyone?');
    expect(reads(calls)).toBe(0);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(reads(calls)).toBe(1));
  });
});
