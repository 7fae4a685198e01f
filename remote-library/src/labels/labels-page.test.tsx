import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type Label } from '@parley/shared';
import { httpFailure, renderPage, resetClient, signIn } from '../test-support/render-page';
import { LabelsPage } from './labels-page';

const vip: Label = { id: 'l1', name: 'VIP', colour: 'gold' };
const billing: Label = { id: 'l2', name: 'Billing', colour: '#1a2b3c' };

/** The server's list, changed by the mocked POST / PUT / DELETE as the real one would be. */
function fakeServer(initial: Label[]) {
  let list = [...initial];
  const get = jest.spyOn(api, 'get').mockImplementation(async () => ({ data: { list } }));
  const post = jest.spyOn(api, 'post').mockImplementation(async (_url: string, body: any) => {
    if (list.some((label) => label.name.toLowerCase() === body.name.toLowerCase()))
      throw httpFailure(409, { message: 'A label with this name already exists' });
    const created = { id: `l${list.length + 10}`, ...body };
    list = [...list, created];
    return { data: created };
  });
  const put = jest.spyOn(api, 'put').mockImplementation(async (url: string, body: any) => {
    const id = url.split('/').pop();
    list = list.map((label) => (label.id === id ? { ...label, ...body } : label));
    return { data: list.find((label) => label.id === id) };
  });
  const remove = jest.spyOn(api, 'delete').mockImplementation(async (url: string) => {
    list = list.filter((label) => !url.endsWith(`/${label.id}`));
    return { data: { ok: true } };
  });
  return { get, post, put, remove };
}

const addForm = () => document.querySelector('form#add-label') as HTMLElement;
const nameField = (scope: HTMLElement = addForm()) => within(scope).getByLabelText('Name') as HTMLInputElement;

describe('Labels page', () => {
  beforeEach(() => resetClient());
  afterEach(() => jest.restoreAllMocks());

  it('lists each label as its coloured tag, with edit and delete for the owner', async () => {
    signIn('owner');
    const { get } = fakeServer([billing, vip]);
    renderPage(LabelsPage);
    expect(screen.getByText('Loading labels…')).toBeTruthy();
    expect(await screen.findByText('VIP')).toBeTruthy();
    expect(screen.getByText('Billing')).toBeTruthy();
    expect(screen.getByText('#1a2b3c')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(get).toHaveBeenCalledWith('/api/account/labels');
  });

  it('says when there are none, and offers Retry when the list cannot be loaded', async () => {
    signIn('owner');
    const get = jest.spyOn(api, 'get').mockRejectedValue(httpFailure(500, { message: 'Internal server error' }));
    renderPage(LabelsPage);
    expect(await screen.findByText('Error loading labels')).toBeTruthy();
    get.mockResolvedValue({ data: { list: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No labels yet.')).toBeTruthy();
  });

  it('adds a label with the default colour, requires a name, and shows the refusal of a duplicate', async () => {
    signIn('owner');
    const { post } = fakeServer([vip]);
    renderPage(LabelsPage);
    await screen.findByText('VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Add Label' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(nameField(), { target: { value: ' Urgent ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Label' }));
    expect(await screen.findByText('Urgent')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/account/labels', { name: 'Urgent', colour: 'blue' });
    await waitFor(() => expect(nameField().value).toBe(''));

    fireEvent.change(nameField(), { target: { value: 'vip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Label' }));
    expect(await screen.findByText('Failed to add label: A label with this name already exists')).toBeTruthy();
    expect(nameField().value).toBe('vip');
  });

  it('renames a label in a modal and deletes one after confirming', async () => {
    signIn('owner');
    const { put, remove } = fakeServer([billing, vip]);
    renderPage(LabelsPage);
    const row = (await screen.findByText('VIP')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(nameField(dialog).value).toBe('VIP'));
    fireEvent.change(nameField(dialog), { target: { value: 'Gold customer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gold customer')).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/api/account/labels/l1', { name: 'Gold customer', colour: 'gold' });

    const billingRow = screen.getByText('Billing').closest('tr') as HTMLElement;
    fireEvent.click(within(billingRow).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete the label Billing?');
    expect(remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    });
    await waitFor(() => expect(screen.queryByText('Billing')).toBeNull());
    expect(remove).toHaveBeenCalledWith('/api/account/labels/l2');
  });

  it('shows an agent the list without edit, delete or the add form', async () => {
    signIn('agent');
    fakeServer([vip]);
    renderPage(LabelsPage);
    await screen.findByText('VIP');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByText('Add Label')).toBeNull();
  });
});
