import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $realtimeStatus, api, setOnlineUserIds, updatePersisted, type AccountUser } from '@parley/shared';
import { answer, httpError, renderPage } from './test-support';
import { UsersPage } from './users-page';

const owner: AccountUser = {
  id: 'u-owner',
  fullName: 'Olivia Owner',
  email: 'olivia@example.com',
  title: 'Boss',
  role: 'owner',
  status: 'active',
  online: true,
};
const agent: AccountUser = {
  id: 'u-agent',
  fullName: 'Adam Agent',
  email: 'adam@example.com',
  title: 'Support',
  role: 'agent',
  status: 'active',
  online: false,
};
const held: AccountUser = {
  id: 'u-held',
  fullName: 'Hana Held',
  email: 'hana@example.com',
  title: 'Sales',
  role: 'agent',
  status: 'hold',
  online: false,
};
const odd: AccountUser = {
  id: 'u-odd',
  fullName: 'Otto Odd',
  email: 'otto@example.com',
  title: 'Ops',
  role: 'agent',
  // A status this version does not know: the screen still shows it (in red).
  status: 'pending' as AccountUser['status'],
  online: false,
};

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const choices = await screen.findAllByTitle(option);
  fireEvent.click(choices[choices.length - 1]);
}

jest.setTimeout(30_000);

let getSpy: jest.SpyInstance;

beforeEach(() => {
  jest.restoreAllMocks();
  $realtimeStatus.set('closed');
  setOnlineUserIds([]);
  updatePersisted({
    profile: {
      id: owner.id,
      fullName: owner.fullName,
      email: owner.email,
      title: owner.title,
      role: 'owner',
      isOwner: true,
      status: 'active',
      account: { id: 'a', name: 'Acme', logo: null },
    },
  });
  getSpy = jest.spyOn(api, 'get').mockResolvedValue(answer({ list: [owner, agent, held, odd], lastPage: 3 }));
});

describe('User List', () => {
  it('lists staff with name, email, title, role and status; an unknown status is red', async () => {
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    const row = rowOf('Adam Agent');
    for (const text of ['adam@example.com', 'Support', 'agent', 'active'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(rowOf('Otto Odd')).getByText('pending').className).toMatch(/danger/);
    expect(within(rowOf('Hana Held')).getByText('hold').className).not.toMatch(/danger/);
    expect(getSpy).toHaveBeenCalledWith('/api/account/users', { params: { limit: 5, page: 1 } });
  });

  it('shows presence from the list while the socket is closed, and from the live ids once it is open', async () => {
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    expect(within(rowOf('Olivia Owner')).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(rowOf('Adam Agent')).getByRole('img', { name: 'Offline' })).toBeTruthy();
    act(() => {
      setOnlineUserIds(['u-agent']);
      $realtimeStatus.set('open');
    });
    expect(within(rowOf('Adam Agent')).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(rowOf('Olivia Owner')).getByRole('img', { name: 'Offline' })).toBeTruthy();
  });

  it('offers Suspend for active users and Unsuspend for held ones, never both', async () => {
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    expect(within(rowOf('Adam Agent')).queryByRole('button', { name: 'Suspend' })).toBeTruthy();
    expect(within(rowOf('Adam Agent')).queryByRole('button', { name: 'Unsuspend' })).toBeNull();
    expect(within(rowOf('Hana Held')).queryByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(within(rowOf('Hana Held')).queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('does not let the owner suspend or delete themself', async () => {
    renderPage(UsersPage);
    await screen.findByText('Olivia Owner');
    const row = rowOf('Olivia Owner');
    expect(within(row).getByRole('button', { name: 'Suspend' })).toHaveProperty('disabled', true);
    expect(within(row).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(within(row).getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', false);
  });

  it('knows the owner’s own row from the session before the profile has arrived', async () => {
    updatePersisted({ profile: null });
    // A profile that never comes; the list does.
    getSpy.mockImplementation((url: string) =>
      url === '/api/account/users'
        ? Promise.resolve(answer({ list: [owner, agent], lastPage: 1 }))
        : new Promise(() => undefined),
    );
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { sub: owner.id, acc: 'a', role: 'owner', lastLoginDate: null, exp: 4_102_444_800 };
    document.cookie = `token=${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature; path=/`;
    try {
      renderPage(UsersPage);
      await screen.findByText('Olivia Owner');
      expect(within(rowOf('Olivia Owner')).getByRole('button', { name: 'Suspend' })).toHaveProperty('disabled', true);
      expect(within(rowOf('Olivia Owner')).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
      expect(within(rowOf('Adam Agent')).getByRole('button', { name: 'Suspend' })).toHaveProperty('disabled', false);
    } finally {
      document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('pages: Limit offers 5 to 50 and a new limit goes back to page 1', async () => {
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    await chooseOption('Page', '2');
    await waitFor(() =>
      expect(getSpy).toHaveBeenLastCalledWith('/api/account/users', { params: { limit: 5, page: 2 } }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Limit' }));
    for (const size of ['5', '10', '15', '20', '30', '40', '50'])
      expect((await screen.findAllByTitle(size)).length).toBeGreaterThan(0);
    await chooseOption('Limit', '20');
    await waitFor(() =>
      expect(getSpy).toHaveBeenLastCalledWith('/api/account/users', { params: { limit: 20, page: 1 } }),
    );
  });

  it('suspends and unsuspends with the spec toasts', async () => {
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Suspend' }));
    await screen.findByText('User suspend');
    expect(put).toHaveBeenCalledWith('/api/account/users/u-agent/status', { status: 'hold' });
    fireEvent.click(within(rowOf('Hana Held')).getByRole('button', { name: 'Unsuspend' }));
    await screen.findByText('User activated');
    expect(put).toHaveBeenCalledWith('/api/account/users/u-held/status', { status: 'active' });
    // One toast at a time: the next action's result replaces the last one instead of piling over the buttons.
    await waitFor(() => expect(screen.queryByText('User suspend')).toBeNull());
  });

  it('reports failures followed by the server message when there is one', async () => {
    jest
      .spyOn(api, 'put')
      .mockRejectedValueOnce(httpError(422, { message: 'An account needs an owner' }))
      .mockRejectedValueOnce(httpError(500, {}));
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Suspend' }));
    await screen.findByText('Failed to suspense user: An account needs an owner');
    fireEvent.click(within(rowOf('Hana Held')).getByRole('button', { name: 'Unsuspend' }));
    await screen.findByText('Failed to activate user');
  });

  it('edits full name and title inline; both are required', async () => {
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Edit' }));
    const row = rowOf('adam@example.com');
    const fullName = within(row).getByRole('textbox', { name: 'Full Name' });
    const title = within(row).getByRole('textbox', { name: 'Title' });
    expect((fullName as HTMLInputElement).value).toBe('Adam Agent');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Title is required');
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(title, { target: { value: 'Team Lead' } });
    fireEvent.change(fullName, { target: { value: 'Adam Able' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('User updated');
    expect(put).toHaveBeenCalledWith('/api/account/users/u-agent', { fullName: 'Adam Able', title: 'Team Lead' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull());
  });

  it('Cancel leaves the row unchanged without a call', async () => {
    const put = jest.spyOn(api, 'put');
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Edit' }));
    const row = rowOf('adam@example.com');
    fireEvent.change(within(row).getByRole('textbox', { name: 'Full Name' }), { target: { value: 'Nobody' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).getByText('Adam Agent')).toBeTruthy();
    expect(within(row).queryByRole('textbox', { name: 'Full Name' })).toBeNull();
    expect(put).not.toHaveBeenCalled();
  });

  it('shows Failed to update user with the server message', async () => {
    jest.spyOn(api, 'put').mockRejectedValue(httpError(400, { message: 'Full name is required' }));
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Failed to update user: Full name is required');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    const del = jest.spyOn(api, 'delete').mockResolvedValue(answer({ ok: true }));
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Delete' }));
    expect(del).not.toHaveBeenCalled();
    const confirm = await screen.findByText('Delete Adam Agent?');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await screen.findByText('User removed');
    expect(del).toHaveBeenCalledWith('/api/account/users/u-agent');
  });

  it('shows Failed to delete user alone when the server gives no message', async () => {
    jest.spyOn(api, 'delete').mockRejectedValue(httpError());
    renderPage(UsersPage);
    await screen.findByText('Adam Agent');
    fireEvent.click(within(rowOf('Adam Agent')).getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete Adam Agent?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete user');
  });
});

describe('Add New User', () => {
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add User' }));

  it('requires all four fields', async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(UsersPage);
    await screen.findByText('Add New User');
    fill({ 'Full Name': 'New Person', Title: '', Email: 'new@example.com', Password: 'secret' });
    submit();
    await screen.findByText('Title is required');
    fill({ Title: 'Agent', Password: '' });
    submit();
    await screen.findByText('Password is required');
    expect(post).not.toHaveBeenCalled();
  });

  it('requires an email in email format', async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(UsersPage);
    await screen.findByText('Add New User');
    fill({ 'Full Name': 'New Person', Title: 'Agent', Email: 'not-an-email', Password: 'secret' });
    submit();
    await screen.findByText('Enter a valid email address');
    expect(post).not.toHaveBeenCalled();
  });

  it('adds the user, toasts User added, empties the form and reloads the list', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({}));
    renderPage(UsersPage);
    await screen.findByText('Add New User');
    const callsBefore = getSpy.mock.calls.length;
    fill({ 'Full Name': 'New Person', Title: 'Agent', Email: 'new@example.com', Password: 'secret' });
    submit();
    await screen.findByText('User added');
    expect(post).toHaveBeenCalledWith('/api/account/users', {
      fullName: 'New Person',
      title: 'Agent',
      email: 'new@example.com',
      password: 'secret',
    });
    expect(getSpy.mock.calls.length).toBeGreaterThan(callsBefore);
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
  });

  it('keeps the form and shows Failed to add user: message on refusal', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(409, { message: 'This email is already in use' }));
    renderPage(UsersPage);
    await screen.findByText('Add New User');
    fill({ 'Full Name': 'New Person', Title: 'Agent', Email: 'adam@example.com', Password: 'secret' });
    submit();
    await screen.findByText('Failed to add user: This email is already in use');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('adam@example.com');
  });
});
