import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type SavedReply } from '@parley/shared';
import { httpFailure, renderPage, resetClient, signIn } from '../test-support/render-page';
import { SavedRepliesPage } from './saved-replies-page';

const hours: SavedReply = {
  id: 'r1',
  shortcut: 'hours',
  text: 'We open 9–17, {{contact.name}}.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const thanks: SavedReply = { ...hours, id: 'r2', shortcut: 'thanks', text: 'Thank you! {{agent.name}}' };

/** The server's list, changed by the mocked POST / PUT / DELETE as the real one would be. */
function fakeServer(initial: SavedReply[]) {
  let list = [...initial];
  const get = jest.spyOn(api, 'get').mockImplementation(async () => ({ data: { list } }));
  const post = jest.spyOn(api, 'post').mockImplementation(async (_url: string, body: any) => {
    if (list.some((reply) => reply.shortcut === body.shortcut))
      throw httpFailure(409, { message: 'A saved reply with this shortcut already exists' });
    const created = { ...hours, id: `r${list.length + 10}`, ...body };
    list = [...list, created];
    return { data: created };
  });
  const put = jest.spyOn(api, 'put').mockImplementation(async (url: string, body: any) => {
    const id = url.split('/').pop();
    list = list.map((reply) => (reply.id === id ? { ...reply, ...body } : reply));
    return { data: list.find((reply) => reply.id === id) };
  });
  const remove = jest.spyOn(api, 'delete').mockImplementation(async (url: string) => {
    list = list.filter((reply) => !url.endsWith(`/${reply.id}`));
    return { data: { ok: true } };
  });
  return { get, post, put, remove };
}

/** The add form's field (the edit modal, rendered hidden, has the same labels). */
const addForm = () => document.querySelector('form#add-saved-reply') as HTMLElement;
const field = (name: string, scope: HTMLElement = addForm()) =>
  within(scope).getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;

describe('Saved replies page', () => {
  beforeEach(() => resetClient());
  afterEach(() => jest.restoreAllMocks());

  it('lists each reply with its /shortcut and text, and edit and delete buttons for the owner', async () => {
    signIn('owner');
    const { get } = fakeServer([hours, thanks]);
    renderPage(SavedRepliesPage);
    expect(screen.getByText('Loading saved replies…')).toBeTruthy();
    expect(await screen.findByText('/hours')).toBeTruthy();
    expect(screen.getByText('We open 9–17, {{contact.name}}.')).toBeTruthy();
    expect(screen.getByText('/thanks')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(get).toHaveBeenCalledWith('/api/account/saved-replies');
  });

  it('says when there are none, and offers Retry when the list cannot be loaded', async () => {
    signIn('owner');
    const get = jest.spyOn(api, 'get').mockRejectedValue(httpFailure(500, { message: 'Internal server error' }));
    renderPage(SavedRepliesPage);
    expect(await screen.findByText('Error loading saved replies')).toBeTruthy();
    get.mockResolvedValue({ data: { list: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No saved replies yet.')).toBeTruthy();
  });

  it('checks the add form before sending: required fields and the shortcut rule', async () => {
    signIn('owner');
    const { post } = fakeServer([]);
    renderPage(SavedRepliesPage);
    await screen.findByText('No saved replies yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Saved Reply' }));
    expect(await screen.findByText('Shortcut is required')).toBeTruthy();
    // Each field's error arrives on its own render: wait for both.
    expect(await screen.findByText('Text is required')).toBeTruthy();
    fireEvent.change(field('Shortcut'), { target: { value: 'Opening Hours' } });
    expect(
      await screen.findByText('Shortcut may contain only lowercase letters, digits, - and _ (at most 32 characters)'),
    ).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('adds a reply, shows it in the list and empties the form', async () => {
    signIn('owner');
    const { post } = fakeServer([hours]);
    renderPage(SavedRepliesPage);
    await screen.findByText('/hours');
    fireEvent.change(field('Shortcut'), { target: { value: '/thanks' } });
    fireEvent.change(field('Text'), { target: { value: 'Thank you, {{contact.name}}!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Saved Reply' }));
    expect(await screen.findByText('/thanks')).toBeTruthy();
    expect(screen.getByText('Thank you, {{contact.name}}!')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/account/saved-replies', {
      shortcut: 'thanks',
      text: 'Thank you, {{contact.name}}!',
    });
    expect(await screen.findByText('Saved reply added')).toBeTruthy();
    await waitFor(() => expect(field('Shortcut').value).toBe(''));
  });

  it('shows the server’s refusal of a duplicate shortcut and keeps what was typed', async () => {
    signIn('owner');
    fakeServer([hours]);
    renderPage(SavedRepliesPage);
    await screen.findByText('/hours');
    fireEvent.change(field('Shortcut'), { target: { value: 'hours' } });
    fireEvent.change(field('Text'), { target: { value: 'Another' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Saved Reply' }));
    expect(
      await screen.findByText('Failed to add saved reply: A saved reply with this shortcut already exists'),
    ).toBeTruthy();
    expect(field('Text').value).toBe('Another');
  });

  it('edits a reply in a modal and deletes one after confirming', async () => {
    signIn('owner');
    const { put, remove } = fakeServer([hours, thanks]);
    renderPage(SavedRepliesPage);
    const row = (await screen.findByText('/hours')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(field('Text', dialog).value).toBe('We open 9–17, {{contact.name}}.'));
    fireEvent.change(field('Text', dialog), { target: { value: 'We open 8–18.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('We open 8–18.')).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/api/account/saved-replies/r1', { shortcut: 'hours', text: 'We open 8–18.' });

    const thanksRow = screen.getByText('/thanks').closest('tr') as HTMLElement;
    fireEvent.click(within(thanksRow).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete /thanks?');
    expect(remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    });
    await waitFor(() => expect(screen.queryByText('/thanks')).toBeNull());
    expect(remove).toHaveBeenCalledWith('/api/account/saved-replies/r2');
  });

  it('shows an agent the list without edit, delete or the add form', async () => {
    signIn('agent');
    fakeServer([hours]);
    renderPage(SavedRepliesPage);
    await screen.findByText('/hours');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByText('Add Saved Reply')).toBeNull();
  });
});
