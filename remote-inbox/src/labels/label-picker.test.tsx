import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Conversation } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { PlainRow } from '../test-support/conversation-row';
import { aContact, aConversation } from '../test-support/fixtures';
import { emitNamedEvent } from '../test-support/realtime-mock';
import { renderInApp } from '../test-support/render';
import { LabelPicker } from './label-picker';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const vip = { id: 'l1', name: 'VIP', colour: 'gold' };
const billing = { id: 'l2', name: 'Billing', colour: 'blue' };

afterEach(() => jest.restoreAllMocks());

it('puts a label on the conversation from the menu and hands over the answered conversation', async () => {
  let labels = [vip];
  const conversation = aConversation({ id: 'c1', labels });
  const calls = mockApi({
    'GET /api/account/labels': () => ({ list: [vip, billing] }),
    'PUT /api/conversations/c1/labels/l2': () => ({ ...conversation, labels: (labels = [billing, vip]) }),
  });
  const onChange = jest.fn();
  renderInApp(<LabelPicker conversation={conversation} onChange={onChange} />);
  fireEvent.click(screen.getByRole('button', { name: 'Labels' }));
  const item = await screen.findByRole('menuitem', { name: 'Billing' });
  fireEvent.click(item);
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ labels: [billing, vip] })));
  expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('PUT /api/conversations/c1/labels/l2');
});

it('shows the labels on a row with their current names; a deleted one disappears', async () => {
  mockApi({ 'GET /api/account/labels': () => ({ list: [vip, billing] }) });
  const row: Conversation = aConversation({ contact: aContact({ name: 'Ana' }), labels: [billing, vip] });
  renderInApp(
    <>
      <PlainRow conversation={row} />
      <LabelPicker conversation={row} onChange={() => undefined} />
    </>,
  );
  expect(screen.getByText('VIP')).toBeTruthy();
  expect(screen.getByText('Billing')).toBeTruthy();
  act(() => emitNamedEvent('labels', { list: [{ ...vip, name: 'Gold customer' }] }));
  expect(await screen.findByText('Gold customer')).toBeTruthy();
  expect(screen.queryByText('Billing')).toBeNull();
});
