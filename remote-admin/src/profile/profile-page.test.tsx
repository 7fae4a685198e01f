/**
 * @jest-environment-options {"url": "https://localhost/profile"}
 */
import { $persisted, api, emptyPersistedState, readToken, type CurrentUser } from '@parley/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfilePage } from './profile-page';
import { answer, click, fakeToken, httpError, renderProfilePage, type } from './profile-test-support';

jest.setTimeout(20_000);

const owner: CurrentUser = {
  id: 'u1',
  fullName: 'Olivia Owner',
  email: 'olivia@example.com',
  title: '',
  role: 'owner',
  isOwner: true,
  status: 'active',
  account: { id: 'a1', name: 'Acme', logo: 'https://files.example/acme.png' },
};
const agent: CurrentUser = {
  ...owner,
  id: 'u2',
  fullName: 'Adam Agent',
  email: 'adam@example.com',
  role: 'agent',
  isOwner: false,
  account: { ...owner.account, logo: null },
};

let get: jest.SpyInstance;

function signedInAs(user: CurrentUser) {
  $persisted.set({
    ...emptyPersistedState(),
    session: { isAuthenticated: true, lastLoginDate: null, isOwner: user.role === 'owner' },
    profile: user,
  });
  get = jest.spyOn(api, 'get').mockResolvedValue(answer(user));
}

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function openEdit() {
  renderProfilePage(ProfilePage);
  await waitFor(() => expect(get).toHaveBeenCalledWith('/api/user/profile'));
  click('Edit Profile');
  await screen.findByRole('button', { name: 'Save Changes' });
}

async function openPasswordForm() {
  renderProfilePage(ProfilePage);
  click('Change Password');
  await screen.findByLabelText('Current Password');
}

function fillPasswords(current: string, next: string, confirm: string) {
  type('Current Password', current);
  type('New Password', next);
  type('Confirm Password', confirm);
}

describe('Profile page', () => {
  it('shows the account logo as avatar, the account name, full name, email and role', async () => {
    signedInAs(owner);
    renderProfilePage(ProfilePage);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/user/profile'));
    for (const text of ['Acme', 'Olivia Owner', 'olivia@example.com', 'owner'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Acme logo' }).getAttribute('src')).toBe(owner.account.logo);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
  });

  it('opened without the profile, shows its rows with placeholders and the language choice waiting, then the values', async () => {
    signedInAs(owner);
    $persisted.set({ ...$persisted.get(), profile: null });
    let respond: (value: unknown) => void = () => {};
    get.mockReturnValue(new Promise((resolve) => (respond = resolve)));
    renderProfilePage(ProfilePage);
    for (const label of ['Account Name', 'Full Name', 'Email', 'Role']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByText('olivia@example.com')).toBeNull();
    const languageChoice = () => screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement;
    expect(languageChoice().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Edit Profile' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => respond(answer(owner)));
    await screen.findByText('olivia@example.com');
    expect(languageChoice().disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Edit Profile' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without a logo shows a plain avatar', async () => {
    signedInAs(agent);
    renderProfilePage(ProfilePage);
    await screen.findByText('Adam Agent');
    expect(screen.queryByRole('img', { name: /logo/ })).toBeNull();
  });

  it('offers the Account Name only to owners', async () => {
    signedInAs(agent);
    await openEdit();
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect(screen.queryByLabelText('Account Name')).toBeNull();
    cleanup();
    signedInAs(owner);
    await openEdit();
    expect((screen.getByLabelText('Account Name') as HTMLInputElement).value).toBe('Acme');
  });

  it('sends a changed full name and a changed account name, says so, reloads the user and closes the form', async () => {
    signedInAs(owner);
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    await openEdit();
    get.mockClear();
    type('Full Name', 'Olivia New');
    type('Account Name', 'Acme Two');
    click('Save Changes');
    await screen.findAllByText('Profile updated successfully');
    expect(put).toHaveBeenCalledWith('/api/user/profile', { fullName: 'Olivia New' });
    expect(put).toHaveBeenCalledWith('/api/account', { name: 'Acme Two' });
    expect(get).toHaveBeenCalledWith('/api/user/profile');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('keeps Save disabled until a field really changes, so nothing is claimed for nothing', async () => {
    signedInAs(owner);
    jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    await openEdit();
    const save = () => screen.getByRole('button', { name: 'Save Changes' });
    expect(save()).toHaveProperty('disabled', true);
    type('Full Name', '   ');
    expect(save()).toHaveProperty('disabled', true);
    type('Full Name', 'Olivia New');
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    type('Full Name', owner.fullName);
    await waitFor(() => expect(save()).toHaveProperty('disabled', true));
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it('sends only the account name when only it changed', async () => {
    signedInAs(owner);
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    await openEdit();
    type('Account Name', 'Acme Two');
    click('Save Changes');
    await screen.findAllByText('Profile updated successfully');
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/api/account', { name: 'Acme Two' });
  });

  it('never sends an account name for an agent', async () => {
    signedInAs(agent);
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    await openEdit();
    type('Full Name', 'Adam New');
    click('Save Changes');
    await screen.findAllByText('Profile updated successfully');
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/api/user/profile', { fullName: 'Adam New' });
  });

  it("shows the server's message when saving fails and keeps the form", async () => {
    signedInAs(owner);
    jest
      .spyOn(api, 'put')
      .mockRejectedValue(httpError(400, { message: 'Full name is too long (at most 200 characters)' }));
    await openEdit();
    type('Full Name', 'x'.repeat(300));
    click('Save Changes');
    await screen.findByText('Full name is too long (at most 200 characters)');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('Cancel returns to the page without a call', async () => {
    signedInAs(owner);
    const put = jest.spyOn(api, 'put');
    await openEdit();
    type('Full Name', 'Changed');
    click('Cancel');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('clears the success text after about a second', async () => {
    signedInAs(owner);
    jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    await openEdit();
    type('Full Name', 'Olivia New');
    jest.useFakeTimers();
    click('Save Changes');
    await waitFor(() =>
      expect(document.querySelector('.ant-alert-success')?.textContent).toBe('Profile updated successfully'),
    );
    act(() => jest.advanceTimersByTime(1000));
    expect(document.querySelector('.ant-alert-success')).toBeNull();
  });

  it('requires all three password fields', async () => {
    signedInAs(owner);
    const post = jest.spyOn(api, 'post');
    await openPasswordForm();
    fillPasswords('old', 'new', '');
    click('Change Password');
    await screen.findByText('Please confirm the new password');
    fillPasswords('', 'new', 'new');
    click('Change Password');
    await screen.findByText('Please enter your current password');
    expect(post).not.toHaveBeenCalled();
  });

  it("shows 'Passwords do not match' for 2 seconds and makes no call", async () => {
    signedInAs(owner);
    const post = jest.spyOn(api, 'post');
    await openPasswordForm();
    fillPasswords('old', 'new-one', 'new-two');
    jest.useFakeTimers();
    click('Change Password');
    await waitFor(() => expect(document.querySelector('.ant-alert-error')?.textContent).toBe('Passwords do not match'));
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('changes the password, keeps the session on the new token, says so and closes the form', async () => {
    signedInAs(owner);
    const fresh = fakeToken({
      sub: 'u1',
      acc: 'a1',
      role: 'owner',
      lastLoginDate: '2026-02-02T00:00:00.000Z',
      exp: 4102444800,
    });
    const post = jest
      .spyOn(api, 'post')
      .mockResolvedValue(answer({ message: 'Password changed successfully', token: fresh }));
    await openPasswordForm();
    get.mockClear();
    fillPasswords('old', 'new-secret', 'new-secret');
    click('Change Password');
    await screen.findAllByText('Password changed successfully');
    expect(post).toHaveBeenCalledWith('/api/user/change-password', {
      password: 'old',
      newPassword: 'new-secret',
      confirmNewPassword: 'new-secret',
    });
    expect(readToken()).toBe(fresh);
    expect($persisted.get().session.lastLoginDate).toBe('2026-02-02T00:00:00.000Z');
    expect(get).toHaveBeenCalledWith('/api/user/profile');
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  it("shows the server's validation errors joined by spaces when the change is refused", async () => {
    signedInAs(owner);
    jest.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        message: 'x',
        errors: { password: 'Current password is incorrect', newPassword: 'New password is too long' },
      }),
    );
    await openPasswordForm();
    fillPasswords('wrong', 'new-secret', 'new-secret');
    click('Change Password');
    await waitFor(() =>
      expect(document.querySelector('.ant-alert-error')?.textContent).toBe(
        'Current password is incorrect New password is too long',
      ),
    );
    expect(screen.getByLabelText('Current Password')).toBeTruthy();
  });

  it("shows 'Failed to change password' when the refusal has no validation errors", async () => {
    signedInAs(owner);
    jest.spyOn(api, 'post').mockRejectedValue(httpError(500, { message: 'Internal server error' }));
    await openPasswordForm();
    fillPasswords('old', 'new-secret', 'new-secret');
    click('Change Password');
    await screen.findAllByText('Failed to change password');
    expect(screen.queryByText('Internal server error')).toBeNull();
  });
});

describe('the Language choice', () => {
  it('saves the language on the server and shows the page in it at once; Follow the browser clears it', async () => {
    signedInAs(agent);
    const put = jest.spyOn(api, 'put').mockResolvedValue(answer({}));
    renderProfilePage(ProfilePage);
    await screen.findByRole('heading', { name: 'Profile' });
    get.mockResolvedValue(answer({ ...agent, language: 'es' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByText('Español'));
    // The es catalogues and antd's es locale are fetched at the switch (the first time: modules jest compiles then).
    const switched = { timeout: 5_000 };
    expect(await screen.findByRole('heading', { name: 'Perfil' }, switched)).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/api/user/profile', { language: 'es' });
    expect(await screen.findByText('Idioma guardado', undefined, switched)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar perfil' })).toBeTruthy();

    get.mockResolvedValue(answer({ ...agent, language: null }));
    // The choice is disabled while it saves, a moment past the toast: a person waits for it too.
    const choice = () => screen.getByRole('combobox', { name: 'Idioma' }) as HTMLInputElement;
    await waitFor(() => expect(choice().disabled).toBe(false));
    fireEvent.mouseDown(choice());
    fireEvent.click(await screen.findByText('Seguir el navegador'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(put).toHaveBeenLastCalledWith('/api/user/profile', { language: null });
  });
});
