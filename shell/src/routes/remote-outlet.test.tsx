import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ParcelConfig } from 'single-spa';
import { RemoteOutlet } from './remote-outlet';

const pageProps = { navigate: jest.fn(), params: {}, search: '' };

function parcelRendering(text: string): ParcelConfig {
  return {
    bootstrap: async () => undefined,
    mount: async (props: any) => {
      props.domElement.textContent = text;
    },
    unmount: async (props: any) => {
      props.domElement.textContent = '';
    },
  };
}

describe('RemoteOutlet', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a skeleton, then the mounted page', async () => {
    let resolve!: (config: ParcelConfig) => void;
    const load = jest.fn(() => new Promise<ParcelConfig>((r) => (resolve = r)));
    const { container } = render(<RemoteOutlet module="remote_x/Page" load={load} pageProps={pageProps} />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    await act(async () => resolve(parcelRendering('hello from the remote')));
    await screen.findByText('hello from the remote');
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });

  it('shows a Retry panel when loading rejects, and loads again on Retry', async () => {
    const load = jest
      .fn<Promise<ParcelConfig>, [string]>()
      .mockRejectedValueOnce(new Error('entry unreachable'))
      .mockResolvedValueOnce(parcelRendering('second time lucky'));
    render(<RemoteOutlet module="remote_x/Page" load={load} pageProps={pageProps} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fireEvent.click(retry);
    await screen.findByText('second time lucky');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the Retry panel when the page reports a render error', async () => {
    const throwing: ParcelConfig = {
      bootstrap: async () => undefined,
      mount: async (props: any) => props.reportError(new Error('boom')),
      unmount: async () => undefined,
    };
    render(<RemoteOutlet module="remote_x/Page" load={async () => throwing} pageProps={pageProps} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy());
  });
});
