import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, phoneFormatReady, type Contact, type Paged } from '@parley/shared';
import { httpFailure, renderPage, resetClient, signIn } from '../test-support/render-page';
import { ContactsPage } from './contacts-page';

// The page's parcel waits for libphonenumber's formats before it mounts (createPageParcel's `before`).
beforeAll(() => phoneFormatReady());

const ana: Contact = {
  id: 'c1',
  name: 'Ana Lima',
  profileName: 'Ana',
  phone: '5511999990000',
  email: 'ana@example.com',
};
const bob: Contact = { id: 'c2', name: null, profileName: 'Bobby', phone: '15550001111', email: null };

function answerContacts(pages: Record<string, Paged<Contact>>) {
  return jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
    const query = url.split('?')[1] ?? '';
    const answer = pages[query];
    if (!answer) throw httpFailure(404, { message: `unexpected ${url}` });
    return { data: answer };
  });
}

describe('Contacts page', () => {
  beforeEach(() => resetClient());
  afterEach(() => jest.restoreAllMocks());

  it('shows Loading contacts… then each contact with the profile name in brackets, phone and email', async () => {
    signIn('agent');
    const get = answerContacts({ 'limit=5&page=1': { list: [ana, bob], lastPage: 1 } });
    renderPage(ContactsPage);
    expect(screen.getByText('Loading contacts…')).toBeTruthy();
    expect(await screen.findByText('Ana Lima (Ana)')).toBeTruthy();
    expect(screen.getByText('(Bobby)')).toBeTruthy();
    expect(screen.getByText('+55 11-99999-0000')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/contacts?limit=5&page=1');
  });

  it('says No contacts found. for an empty list', async () => {
    signIn('owner');
    answerContacts({ 'limit=5&page=1': { list: [], lastPage: 1 } });
    renderPage(ContactsPage);
    expect(await screen.findByText('No contacts found.')).toBeTruthy();
  });

  it('says Error loading contacts when the list cannot be loaded', async () => {
    signIn('owner');
    const get = jest.spyOn(api, 'get').mockRejectedValue(httpFailure(500, { message: 'Internal server error' }));
    renderPage(ContactsPage);
    expect(await screen.findByText('Error loading contacts')).toBeTruthy();
    // Retry asks again: the list shows once the server answers.
    get.mockResolvedValue({ data: { list: [ana], lastPage: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ana Lima (Ana)')).toBeTruthy();
  });

  it('shows an agent neither Delete nor the Add New Contact form', async () => {
    signIn('agent');
    answerContacts({ 'limit=5&page=1': { list: [ana], lastPage: 1 } });
    renderPage(ContactsPage);
    await screen.findByText('Ana Lima (Ana)');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByText('Add New Contact')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();
  });

  it('lets an owner delete a contact and reloads the list', async () => {
    signIn('owner');
    let list = [ana, bob];
    jest.spyOn(api, 'get').mockImplementation(async () => ({ data: { list, lastPage: 1 } }));
    const remove = jest.spyOn(api, 'delete').mockImplementation(async () => {
      list = [bob];
      return { data: { ok: true } };
    });
    renderPage(ContactsPage);
    const row = (await screen.findByText('Ana Lima (Ana)')).closest('tr')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Delete' }));
    // Asked first: nothing is deleted until the owner confirms.
    await screen.findByText('Delete Ana Lima (Ana)?');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByText('Ana Lima (Ana)')).toBeNull());
    expect(remove).toHaveBeenCalledWith('/api/contacts/c1');
    expect(await screen.findByText('Contact deleted')).toBeTruthy();
  });

  it('toasts Failed to delete contact with the server message', async () => {
    signIn('owner');
    answerContacts({ 'limit=5&page=1': { list: [ana], lastPage: 1 } });
    jest.spyOn(api, 'delete').mockRejectedValue(httpFailure(404, { message: 'Contact not found' }));
    renderPage(ContactsPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete Ana Lima (Ana)?');
    fireEvent.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete contact: Contact not found')).toBeTruthy();
  });

  it('adds a contact from the form (email input of email type) and reloads the list', async () => {
    signIn('owner');
    let list: Contact[] = [];
    jest.spyOn(api, 'get').mockImplementation(async () => ({ data: { list, lastPage: 1 } }));
    const post = jest.spyOn(api, 'post').mockImplementation(async () => {
      list = [ana];
      return { data: ana };
    });
    renderPage(ContactsPage);
    await screen.findByText('No contacts found.');
    expect(screen.getByText('Add New Contact')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Ana Lima' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+55 11 99999-0000' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Ana Lima (Ana)')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/contacts', {
      name: 'Ana Lima',
      phone: '+55 11 99999-0000',
      email: 'ana@example.com',
    });
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('');
  });

  it('toasts Failed to add contact with the server message, or alone when there is none', async () => {
    signIn('owner');
    answerContacts({ 'limit=5&page=1': { list: [], lastPage: 1 } });
    const post = jest
      .spyOn(api, 'post')
      .mockRejectedValueOnce(httpFailure(409, { message: 'A contact with this phone already exists' }))
      .mockRejectedValueOnce(httpFailure(502, 'Bad gateway'));
    renderPage(ContactsPage);
    await screen.findByText('No contacts found.');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '15550001111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Failed to add contact: A contact with this phone already exists')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Failed to add contact')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('pages through the list, and a new page size starts again at page 1', async () => {
    signIn('agent');
    const get = answerContacts({
      'limit=5&page=1': { list: [ana], lastPage: 3 },
      'limit=5&page=2': { list: [bob], lastPage: 3 },
      'limit=10&page=1': { list: [ana, bob], lastPage: 2 },
    });
    renderPage(ContactsPage);
    await screen.findByText('Ana Lima (Ana)');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('(Bobby)')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/api/contacts?limit=5&page=2');

    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(sizeChanger.querySelector('.ant-select-selector') ?? sizeChanger);
    });
    fireEvent.click(await screen.findByText('10 / page'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/contacts?limit=10&page=1'));
    expect(await screen.findByText('Ana Lima (Ana)')).toBeTruthy();
  });
});
