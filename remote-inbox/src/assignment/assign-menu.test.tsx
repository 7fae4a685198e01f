import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $persisted, emptyPersistedState, type CurrentUser } from '@parley/shared';
import { mockApi } from '../test-support/api-mock';
import { PlainRow } from '../test-support/conversation-row';
import { aContact, aConversation } from '../test-support/fixtures';
import { renderInApp } from '../test-support/render';
import { AssignMenu } from './assign-menu';
import { AssigneeViewSwitch } from './assignee-view-switch';

const owner = { id: 'u-owner', fullName: 'Olivia Owner', role: 'owner' } as CurrentUser;
const agent = { id: 'u-agent', fullName: 'Adam Agent', role: 'agent' } as CurrentUser;
const staff = [
  {
    id: 'u-owner',
    fullName: 'Olivia Owner',
    email: 'o@x.test',
    title: '',
    role: 'owner',
    status: 'active',
    online: true,
  },
  {
    id: 'u-agent',
    fullName: 'Adam Agent',
    email: 'a@x.test',
    title: '',
    role: 'agent',
    status: 'active',
    online: true,
  },
  { id: 'u-held', fullName: 'Hal Held', email: 'h@x.test', title: '', role: 'agent', status: 'hold', online: false },
];
const signIn = (profile: CurrentUser) => $persisted.set({ ...emptyPersistedState(), profile });

afterEach(() => jest.restoreAllMocks());

describe('Assign menu in the chat header', () => {
  it('lets an owner assign any active staff member and hands over the answered conversation', async () => {
    signIn(owner);
    const conversation = aConversation({ id: 'c1' });
    const calls = mockApi({
      'GET /api/account/users': () => ({ list: staff, lastPage: 1 }),
      'PUT /api/conversations/c1/assignee': (_params, body) => ({
        ...conversation,
        assignee: { id: (body as { userId: string }).userId, fullName: 'Adam Agent' },
      }),
    });
    const onChange = jest.fn();
    renderInApp(<AssignMenu conversation={conversation} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const adam = await screen.findByRole('menuitem', { name: 'Adam Agent' });
    // Suspended staff members are not offered.
    expect(screen.queryByRole('menuitem', { name: 'Hal Held' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Olivia Owner (me)' })).toBeTruthy();
    fireEvent.click(adam);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(
        expect.objectContaining({ assignee: { id: 'u-agent', fullName: 'Adam Agent' } }),
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ userId: 'u-agent' });
  });

  it('offers an agent "Assign to me" on an unassigned conversation, "Unassign" on their own', async () => {
    signIn(agent);
    const free = aConversation({ id: 'c2' });
    const calls = mockApi({
      'PUT /api/conversations/c2/assignee': () => ({ ...free, assignee: { id: 'u-agent', fullName: 'Adam Agent' } }),
    });
    const onChange = jest.fn();
    const { rerender } = renderInApp(<AssignMenu conversation={free} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', body: { userId: 'u-agent' } })]);

    rerender(
      <AssignMenu
        conversation={aConversation({ id: 'c2', assignee: { id: 'u-agent', fullName: 'Adam Agent' } })}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Assigned to Adam Agent' }));
    expect(await screen.findByRole('menuitem', { name: 'Unassign' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Assign to me' })).toBeNull();
  });

  it("shows an agent who has another staff member's conversation, with nothing to choose", async () => {
    signIn(agent);
    mockApi({});
    const taken = aConversation({ id: 'c3', assignee: { id: 'u-owner', fullName: 'Olivia Owner' } });
    renderInApp(<AssignMenu conversation={taken} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assigned to Olivia Owner' }));
    const item = await screen.findByRole('menuitem', { name: 'Assigned to Olivia Owner' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Assign to me' })).toBeNull();
  });
});

it("shows the assignee's initials on a row, named for assistive technology", () => {
  renderInApp(
    <PlainRow
      conversation={aConversation({
        contact: aContact({ name: 'Ana' }),
        assignee: { id: 'u1', fullName: 'Adam Agent' },
      })}
    />,
  );
  expect(screen.getByRole('img', { name: 'Assigned to Adam Agent' }).textContent).toBe('AA');
});

it('switches between Mine, Unassigned and All', () => {
  const onChange = jest.fn();
  const { rerender } = renderInApp(<AssigneeViewSwitch value={null} onChange={onChange} />);
  expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
  fireEvent.click(screen.getByText('Mine'));
  expect(onChange).toHaveBeenLastCalledWith('me');
  rerender(<AssigneeViewSwitch value="me" onChange={onChange} />);
  expect(screen.getByRole('radio', { name: 'Mine' })).toHaveProperty('checked', true);
  fireEvent.click(screen.getByText('Unassigned'));
  expect(onChange).toHaveBeenLastCalledWith('unassigned');
  fireEvent.click(screen.getByText('All'));
  expect(onChange).toHaveBeenLastCalledWith(null);
});
