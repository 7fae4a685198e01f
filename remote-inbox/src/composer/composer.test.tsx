import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { WINDOW_CLOSED_MESSAGE, type FormTemplate, type Message } from '@parley/shared';
import { httpError, mockApi } from '../test-support/api-mock';
import { aMessage } from '../test-support/fixtures';
import { renderInApp } from '../test-support/render';
import { Composer } from './composer';

const TEXT_TOO_LONG = 'Text is longer than 4096 characters, the most WhatsApp allows.';

const form = (id: string, displayName: string, isActive: boolean): FormTemplate => ({
  id,
  metaFlowId: `meta-${id}`,
  status: isActive ? 'PUBLISHED' : 'DRAFT',
  categories: [],
  displayName,
  description: null,
  previewUrl: null,
  header: `${displayName} header`,
  body: `${displayName} body`,
  footer: `${displayName} footer`,
  ctaText: `Open ${displayName}`,
  isCustomizable: false,
  isActive,
});

function setup(options: { canSendFreeForm?: boolean; replyTarget?: Message | null } = {}) {
  const onSent = jest.fn();
  const onCancelReply = jest.fn();
  renderInApp(
    <Composer
      conversationId="c1"
      canSendFreeForm={options.canSendFreeForm ?? true}
      replyTarget={options.replyTarget ?? null}
      onCancelReply={onCancelReply}
      onSent={onSent}
    />,
  );
  return {
    onSent,
    onCancelReply,
    textbox: () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
  };
}

afterEach(() => jest.restoreAllMocks());

it('sends with Enter, quoting the reply target, then resets the text and clears the reply', async () => {
  const calls = mockApi({
    'POST /api/conversations/c1': (_p, body) =>
      aMessage({ id: 'sent', direction: 'outgoing', content: body as Record<string, unknown> }),
  });
  const target = aMessage({ id: 'quoted', content: { text: 'Where is my order?' } });
  const { onSent, onCancelReply, textbox } = setup({ replyTarget: target });
  expect(screen.getByText('Replying to')).toBeTruthy();
  expect(screen.getByText('Where is my order?')).toBeTruthy();
  fireEvent.change(textbox(), { target: { value: 'On its way' } });
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  await waitFor(() => expect(onSent).toHaveBeenCalled());
  expect(calls[0].body).toEqual({ text: 'On its way', replyTo: 'quoted' });
  expect(onCancelReply).toHaveBeenCalled();
  expect(textbox().value).toBe('');
});

it('keeps Shift+Enter for a new line and ignores a blank message', async () => {
  const calls = mockApi({});
  const { textbox } = setup();
  fireEvent.change(textbox(), { target: { value: '   ' } });
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  fireEvent.change(textbox(), { target: { value: 'first line' } });
  fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true });
  expect(calls).toHaveLength(0);
  expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(false);
  fireEvent.change(textbox(), { target: { value: ' ' } });
  expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(true);
});

it.each([
  [httpError(422, { message: 'The customer has not written in 24 hours' }), 'The customer has not written in 24 hours'],
  [httpError(500, { message: 'Internal server error' }), 'Unknown error sending message'],
  [httpError(502, '<html>Bad gateway</html>'), 'Unknown error sending message'],
])('shows the right toast when a send fails (%#) and keeps the text', async (failure, text) => {
  mockApi({
    'POST /api/conversations/c1': () => {
      throw failure;
    },
  });
  const { onSent, textbox } = setup();
  fireEvent.change(textbox(), { target: { value: 'Hello' } });
  fireEvent.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText(text)).toBeTruthy();
  expect(onSent).not.toHaveBeenCalled();
  expect(textbox().value).toBe('Hello');
});

it('offers only active forms and previews header, body, footer and button', async () => {
  mockApi({ 'GET /api/account/flows': () => [form('f1', 'Booking', true), form('f2', 'Old survey', false)] });
  setup();
  fireEvent.click(screen.getByText('Form'));
  const picker = await screen.findByRole('combobox', { name: 'Form' });
  await act(async () => {
    fireEvent.mouseDown(picker);
  });
  expect(await screen.findByTitle('Booking')).toBeTruthy();
  expect(screen.queryByTitle('Old survey')).toBeNull();
  fireEvent.click(screen.getByTitle('Booking'));
  for (const text of ['Booking header', 'Booking body', 'Booking footer', 'Open Booking'])
    expect(await screen.findByText(text)).toBeTruthy();
  expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(false);
});

it('outside the 24-hour window offers templates, asks for their variables and sends them filled in', async () => {
  const calls = mockApi({
    'GET /api/account/templates': () => [
      {
        name: 'appointment_reminder',
        language: 'en_US',
        category: 'UTILITY',
        components: [
          { type: 'BODY', text: 'Hi {{1}}, see you on {{2}}.' },
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}' }] },
        ],
        parameters: {
          body: [
            { name: '1', example: 'Ana' },
            { name: '2', example: 'Monday at 10:00' },
          ],
          buttons: [
            { index: 0, text: 'Track', url: 'https://shop.example/t/{{1}}', example: 'https://shop.example/t/A1' },
          ],
        },
      },
    ],
    'POST /api/conversations/c1/template': (_p, body) =>
      aMessage({ id: 'sent', type: 'template', content: { template: body } }),
  });
  const { onSent } = setup({ canSendFreeForm: false });
  expect(screen.getByText(WINDOW_CLOSED_MESSAGE)).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  expect(screen.queryByText('Media')).toBeNull();
  const picker = await screen.findByRole('combobox', { name: 'Template' });
  await act(async () => {
    fireEvent.mouseDown(picker);
  });
  fireEvent.click(await screen.findByTitle('appointment_reminder (en_US)'));

  const send = () => screen.getByRole('button', { name: /Send/ });
  const first = await screen.findByRole('textbox', { name: 'Body {{1}}' });
  expect(first.getAttribute('placeholder')).toBe('Ana');
  expect(screen.getByRole('textbox', { name: 'Body {{2}}' }).getAttribute('placeholder')).toBe('Monday at 10:00');
  expect(screen.getByRole('textbox', { name: 'Button “Track” URL' }).getAttribute('placeholder')).toBe('A1');
  expect(send().hasAttribute('disabled')).toBe(true);

  fireEvent.change(first, { target: { value: 'Bo' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Body {{2}}' }), { target: { value: 'Friday' } });
  expect(screen.getByText('Hi Bo, see you on Friday.')).toBeTruthy();
  expect(send().hasAttribute('disabled')).toBe(true);
  fireEvent.change(screen.getByRole('textbox', { name: 'Button “Track” URL' }), { target: { value: 'Z9' } });
  expect(send().hasAttribute('disabled')).toBe(false);

  fireEvent.click(send());
  await waitFor(() => expect(onSent).toHaveBeenCalled());
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
    name: 'appointment_reminder',
    language: 'en_US',
    parameters: { body: { '1': 'Bo', '2': 'Friday' }, buttons: { '0': 'Z9' } },
  });
});

it("counts characters and refuses a text over WhatsApp's 4096, saying why", async () => {
  const calls = mockApi({});
  const { textbox } = setup();
  fireEvent.change(textbox(), { target: { value: 'Hello' } });
  expect(screen.getByText('5 / 4096')).toBeTruthy();
  fireEvent.change(textbox(), { target: { value: 'x'.repeat(4096) } });
  expect(screen.queryByText(TEXT_TOO_LONG)).toBeNull();
  expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(false);
  fireEvent.change(textbox(), { target: { value: 'x'.repeat(4097) } });
  expect(screen.getByText(TEXT_TOO_LONG)).toBeTruthy();
  expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(true);
  fireEvent.keyDown(textbox(), { key: 'Enter' });
  expect(calls).toHaveLength(0);
  // Nothing typed is cut off.
  expect(textbox().value).toHaveLength(4097);
});
