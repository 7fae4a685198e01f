import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $assets, api, type Asset } from '@parley/shared';
import { httpFailure, renderPage, resetClient, signIn } from '../test-support/render-page';
import { AssetsPage } from './assets-page';

const MB = 1024 * 1024;

const photo: Asset = {
  id: 'a1',
  name: 'Shop front',
  description: 'Our store on Main Street',
  url: '/api/files/assets/tok1',
  thumbnailUrl: '/api/files/assets/tok1/thumbnail',
  mimeType: 'image/png',
  fileName: 'shop-front.png',
  size: 1024,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};
const clip: Asset = {
  id: 'a2',
  name: 'Tour',
  description: null,
  url: '/api/files/assets/tok2',
  thumbnailUrl: null,
  mimeType: 'video/mp4',
  fileName: 'tour.mp4',
  size: 1024,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};
const menu: Asset = {
  id: 'a3',
  name: 'Menu',
  description: 'Prices',
  url: '/api/files/assets/tok3',
  thumbnailUrl: null,
  mimeType: 'application/pdf',
  fileName: 'menu.pdf',
  size: 1024,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: '2026-01-01T00:00:00.000Z',
};

function answerAssets(list: Asset[] = [photo, clip, menu]) {
  return jest.spyOn(api, 'get').mockResolvedValue({ data: { list, lastPage: 1 } });
}

function fileOf(name: string, sizeBytes: number, type = 'image/png') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: sizeBytes });
  return file;
}

function chooseFiles(files: File[]) {
  fireEvent.change(screen.getByTestId('asset-file-input'), { target: { files } });
}

const sentNames = (call: unknown[]) => (call[1] as FormData).getAll('files').map((file) => (file as File).name);

describe('Assets page', () => {
  beforeEach(() => resetClient());
  afterEach(() => jest.restoreAllMocks());

  it('shows images as thumbnails linking to the file, videos with controls, other files as a link, with name and description', async () => {
    signIn('agent');
    const get = answerAssets();
    renderPage(AssetsPage);
    const image = await screen.findByAltText('Shop front');
    expect(image.getAttribute('src')).toBe('/api/files/assets/tok1/thumbnail');
    expect(image.closest('a')?.getAttribute('href')).toBe('/api/files/assets/tok1');
    const video = screen.getByLabelText('Tour') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.controls).toBe(true);
    expect(screen.getByLabelText('Open Menu').getAttribute('href')).toBe('/api/files/assets/tok3');
    expect(screen.getByText('Our store on Main Street')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/account/assets?limit=5&page=1');
  });

  it('keeps the asset list for the composer', async () => {
    signIn('agent');
    answerAssets();
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    expect($assets.get().map((asset) => asset.id)).toEqual(['a1', 'a2', 'a3']);
  });

  it('shows an agent no action controls', async () => {
    signIn('agent');
    answerAssets();
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    for (const name of [/Upload Assets/, 'Edit', 'Delete', 'Restore'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says No assets available. or Error loading assets', async () => {
    signIn('owner');
    answerAssets([]);
    const { unmount } = renderPage(AssetsPage);
    expect(await screen.findByText('No assets available.')).toBeTruthy();
    unmount();
    resetClient();
    signIn('owner');
    jest.spyOn(api, 'get').mockRejectedValue(httpFailure(500, { message: 'Internal server error' }));
    renderPage(AssetsPage);
    expect(await screen.findByText('Error loading assets')).toBeTruthy();
  });

  it('gives an owner Delete on active assets and Restore on deleted ones', async () => {
    signIn('owner');
    answerAssets();
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    const cards = screen.getAllByTestId('asset-card');
    expect(within(cards[0]).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(cards[0]).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(cards[2]).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(within(cards[2]).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(3);
  });

  it('refuses more than 5 files at once and uploads nothing', async () => {
    signIn('owner');
    answerAssets();
    const post = jest.spyOn(api, 'post');
    renderPage(AssetsPage);
    await screen.findByRole('button', { name: /Upload Assets/ });
    chooseFiles(Array.from({ length: 6 }, (_, i) => fileOf(`p${i}.png`, 1000)));
    expect(await screen.findByText('You can upload up to 5 assets at a time.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('skips a file over 15 MB by name and uploads the rest', async () => {
    signIn('owner');
    answerAssets();
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { list: [] } });
    renderPage(AssetsPage);
    await screen.findByRole('button', { name: /Upload Assets/ });
    chooseFiles([
      fileOf('small.png', 2 * MB),
      fileOf('huge.mp4', 15 * MB + 1, 'video/mp4'),
      fileOf('exact.pdf', 15 * MB, 'application/pdf'),
    ]);
    expect(await screen.findByText('“huge.mp4” is too large (max 15 MB).')).toBeTruthy();
    expect(await screen.findByText('Assets uploaded successfully')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][0]).toBe('/api/account/assets');
    expect(sentNames(post.mock.calls[0])).toEqual(['small.png', 'exact.pdf']);
  });

  it('sends nothing when every file is too large', async () => {
    signIn('owner');
    answerAssets();
    const post = jest.spyOn(api, 'post');
    renderPage(AssetsPage);
    await screen.findByRole('button', { name: /Upload Assets/ });
    chooseFiles([fileOf('a.mov', 20 * MB, 'video/quicktime'), fileOf('b.mov', 16 * MB, 'video/quicktime')]);
    expect(await screen.findByText('“a.mov” is too large (max 15 MB).')).toBeTruthy();
    expect(screen.getByText('“b.mov” is too large (max 15 MB).')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a spinner and a progress bar while uploading, then reloads the list', async () => {
    signIn('owner');
    const get = answerAssets();
    let finish: (value: unknown) => void = () => undefined;
    jest.spyOn(api, 'post').mockImplementation((_url, _body, config) => {
      config?.onUploadProgress?.({ loaded: 50, total: 100, progress: 0.5, bytes: 50, lengthComputable: true });
      return new Promise((resolve) => (finish = resolve));
    });
    renderPage(AssetsPage);
    await screen.findByRole('button', { name: /Upload Assets/ });
    const loadsBefore = get.mock.calls.length;
    chooseFiles([fileOf('one.png', 1000)]);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByLabelText('Uploading')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Upload Assets/ }) as HTMLButtonElement).disabled).toBe(true);
    finish({ data: { list: [] } });
    expect(await screen.findByText('Assets uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(loadsBefore));
  });

  it('says Failed to upload assets when the upload fails, with the server’s reason under it', async () => {
    signIn('owner');
    answerAssets();
    jest
      .spyOn(api, 'post')
      .mockRejectedValue(httpFailure(415, { message: 'one.png: the file is not an image it claims to be' }));
    renderPage(AssetsPage);
    await screen.findByRole('button', { name: /Upload Assets/ });
    chooseFiles([fileOf('one.png', 1000)]);
    expect(await screen.findByText('Failed to upload assets')).toBeTruthy();
    expect(await screen.findByText('one.png: the file is not an image it claims to be')).toBeTruthy();
  });

  it('deletes and restores through the API, showing the server description on failure (not for a 500)', async () => {
    signIn('owner');
    answerAssets();
    const remove = jest
      .spyOn(api, 'delete')
      .mockRejectedValueOnce(httpFailure(404, { message: 'Asset not found', description: 'Asset not found' }))
      .mockRejectedValueOnce(httpFailure(500, { message: 'Internal server error', description: 'secret detail' }))
      .mockResolvedValueOnce({ data: photo });
    const restore = jest
      .spyOn(api, 'post')
      .mockRejectedValueOnce(httpFailure(403, { message: 'Only the account owner can do this' }))
      .mockResolvedValueOnce({ data: menu });
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    const [first, , third] = screen.getAllByTestId('asset-card');
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Asset not found')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete asset')).toBeTruthy();
    expect(screen.queryByText('secret detail')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(3));
    expect(remove).toHaveBeenLastCalledWith('/api/account/assets/a1');

    fireEvent.click(within(third).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed to restore asset')).toBeTruthy();
    fireEvent.click(within(third).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restore).toHaveBeenCalledTimes(2));
    expect(restore).toHaveBeenLastCalledWith('/api/account/assets/a3');
  });

  it('edits name and description in a modal; Save sends them, a failure shows the description and keeps it open', async () => {
    signIn('owner');
    answerAssets();
    const put = jest
      .spyOn(api, 'put')
      .mockRejectedValueOnce(httpFailure(400, { message: 'Name is required', description: 'Name is required' }))
      .mockResolvedValueOnce({ data: photo });
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    fireEvent.click(within(screen.getAllByTestId('asset-card')[0]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Shop front'));
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Our store on Main Street',
    );
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Storefront' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('/api/account/assets/a1', {
        id: 'a1',
        name: 'Storefront',
        description: 'Our store on Main Street',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the edit modal on Cancel without saving', async () => {
    signIn('owner');
    answerAssets();
    const put = jest.spyOn(api, 'put');
    renderPage(AssetsPage);
    await screen.findByAltText('Shop front');
    fireEvent.click(within(screen.getAllByTestId('asset-card')[1]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).not.toHaveBeenCalled();
  });
});
