import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  $persisted,
  emptyPersistedState,
  phoneFormatReady,
  type Contact,
  type CurrentUser,
  type SavedReply,
} from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { aContact, aMessage } from '../test-support/fixtures';
import { renderInApp } from '../test-support/render';
import { Composer } from './composer';
import { placeholderValues } from './saved-replies';

// The page's parcel waits for libphonenumber's formats before it mounts (createPageParcel's `before`).
beforeAll(() => phoneFormatReady());

const reply = (id: string, shortcut: string, text: string): SavedReply => ({
  id,
  shortcut,
  text,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const REPLIES = [
  reply('r1', 'hours', 'Hi {{contact.name}}, we open 9–17.'),
  reply('r2', 'thanks', 'Thank you, {{contact.name}}! — {{agent.name}}'),
  reply('r3', 'thanks-order', 'Thanks for your order {{order.id}}.'),
];
const adam = { fullName: 'Adam Agent' } as CurrentUser;

function setup(contact: Contact = aContact({ name: 'Maria Lopez', phone: '15550001234' })) {
  $persisted.set({ ...emptyPersistedState(), profile: adam });
  const calls = mockApi({
    'GET /api/account/saved-replies': () => ({ list: REPLIES }),
    'POST /api/conversations/c1': (_p, body) =>
      aMessage({ id: 'sent', direction: 'outgoing', content: body as Record<string, unknown> }),
  });
  const onSent = jest.fn();
  renderInApp(
    <Composer
      conversationId="c1"
      canSendFreeForm
      replyTarget={null}
      onCancelReply={() => undefined}
      onSent={onSent}
      contact={contact}
    />,
  );
  const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(textbox(), { target: { value } });
  const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
  return { calls, onSent, textbox, type, options };
}

afterEach(() => {
  jest.restoreAllMocks();
  $persisted.set(emptyPersistedState());
});

it('lists the saved replies, fetched when / is typed, filtered as the shortcut is typed', async () => {
  const { calls, type, options } = setup();
  expect(calls).toHaveLength(0);
  type('/');
  await waitFor(() => expect(options()).toHaveLength(3));
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/account/saved-replies']);
  // Each shows its shortcut and the text it would insert, placeholders filled.
  expect(screen.getByRole('option', { name: /\/hours/ }).textContent).toBe('/hoursHi Maria Lopez, we open 9–17.');
  type('/tha');
  expect(options()).toEqual([
    '/thanksThank you, Maria Lopez! — Adam Agent',
    '/thanks-orderThanks for your order {{order.id}}.',
  ]);
  type('/zzz');
  expect(options()).toEqual([]);
  expect(screen.getByText('No saved reply matches /zzz')).toBeTruthy();
  // Once the text is more than a shortcut, the list goes.
  type('/thanks and more');
  expect(screen.queryByText('No saved reply matches /zzz')).toBeNull();
  expect(options()).toEqual([]);
});

it('inserts the chosen reply with arrows and Enter; the text stays editable and Enter then sends it', async () => {
  const { calls, onSent, textbox, type, options } = setup();
  type('/th');
  await waitFor(() => expect(options()).toHaveLength(2));
  const selected = () =>
    screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');
  expect(selected()?.textContent).toMatch(/^\/thanks/);
  fireEvent.keyDown(textbox(), { key: 'ArrowDown' });
  expect(selected()?.textContent).toMatch(/^\/thanks-order/);
  fireEvent.keyDown(textbox(), { key: 'ArrowDown' });
  expect(selected()?.textContent).toMatch(/^\/thanks[^-]/);
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  expect(textbox().value).toBe('Thank you, Maria Lopez! — Adam Agent');
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

  type('Thank you, Maria Lopez! See you soon.');
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  await waitFor(() => expect(onSent).toHaveBeenCalled());
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Thank you, Maria Lopez! See you soon.' });
});

it('inserts a reply on click, and Escape closes the list so Enter sends what was typed', async () => {
  const { calls, textbox, type, options } = setup();
  type('/hours');
  await waitFor(() => expect(options()).toHaveLength(1));
  fireEvent.mouseDown(screen.getByRole('option'));
  expect(textbox().value).toBe('Hi Maria Lopez, we open 9–17.');

  type('/ho');
  await waitFor(() => expect(options()).toHaveLength(1));
  fireEvent.keyDown(textbox(), { key: 'Escape' });
  expect(screen.queryByRole('listbox')).toBeNull();
  type('/hou');
  expect(screen.queryByRole('listbox')).toBeNull();
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: '/hou' });
});

it('inserts from the saved replies button at the caret, keeping what was typed', async () => {
  const { calls, textbox, type } = setup(aContact({ name: null, profileName: null, phone: '15559300067' }));
  type('Hello! ');
  textbox().setSelectionRange(7, 7);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Saved replies' }));
  });
  const picker = await screen.findByRole('listbox', { name: 'Saved replies' });
  expect(calls.map((call) => call.url)).toEqual(['/api/account/saved-replies']);
  // No name: the customer's phone fills {{contact.name}}.
  fireEvent.mouseDown(within(picker).getByRole('option', { name: /\/hours/ }));
  expect(textbox().value).toBe('Hello! Hi +1 555-930-0067, we open 9–17.');
});

it('tells the sender when there are no saved replies, or when they cannot be loaded', async () => {
  const { type } = setup();
  mockApi({ 'GET /api/account/saved-replies': () => ({ list: [] }) });
  type('/');
  expect(await screen.findByText('No saved replies yet. Owners add them on the Saved replies page.')).toBeTruthy();
  type('');
  mockApi({
    'GET /api/account/saved-replies': () => {
      throw new Error('offline');
    },
  });
  type('/');
  expect(await screen.findByText('Saved replies could not be loaded.')).toBeTruthy();
});

describe('placeholderValues', () => {
  it('names the customer by name, profile name, else phone; unknown leaves the placeholder', () => {
    const profile = { fullName: 'Adam Agent' } as CurrentUser;
    expect(placeholderValues(aContact({ name: 'Ana', profileName: 'A' }), profile)).toEqual({
      'contact.name': 'Ana',
      'agent.name': 'Adam Agent',
    });
    expect(placeholderValues(aContact({ name: ' ', profileName: 'Bobby' }), null)['contact.name']).toBe('Bobby');
    expect(placeholderValues(aContact({ name: null, phone: '15559300067' }), null)['contact.name']).toBe(
      '+1 555-930-0067',
    );
    expect(placeholderValues(aContact({ name: null, phone: null }), null)).toEqual({
      'contact.name': undefined,
      'agent.name': undefined,
    });
  });
});
