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

  /** A parcel whose updates wait until the test lets each one finish, like a page busy rendering. */
  function slowUpdatingParcel() {
    const seen: string[] = [];
    const pending: Array<() => void> = [];
    let latest: any;
    const config: ParcelConfig = {
      bootstrap: async () => undefined,
      mount: async (props: any) => {
        latest = props;
        props.domElement.textContent = `at ${props.search}`;
      },
      unmount: async () => undefined,
      update: (props: any) =>
        new Promise<void>((resolve) => {
          latest = props;
          seen.push(props.search);
          props.domElement.textContent = `at ${props.search}`;
          pending.push(resolve);
        }),
    };
    return { config, seen, pending, props: () => latest };
  }

  it('passes on an address that changes while the previous update still runs (a quick Back)', async () => {
    const parcel = slowUpdatingParcel();
    const load = async () => parcel.config;
    const { rerender } = render(<RemoteOutlet module="remote_x/Page" load={load} pageProps={pageProps} />);
    await screen.findByText('at');
    rerender(<RemoteOutlet module="remote_x/Page" load={load} pageProps={{ ...pageProps, search: '?tab=closed' }} />);
    await waitFor(() => expect(parcel.seen).toEqual(['?tab=closed']));
    // Back, while the page still handles the first change.
    rerender(<RemoteOutlet module="remote_x/Page" load={load} pageProps={{ ...pageProps, search: '?a=1' }} />);
    await act(async () => parcel.pending.shift()!());
    await waitFor(() => expect(parcel.seen).toEqual(['?tab=closed', '?a=1']));
    await act(async () => parcel.pending.shift()!());
    await screen.findByText('at ?a=1');
  });

  it('still shows the Retry panel for a render error reported after an update', async () => {
    const parcel = slowUpdatingParcel();
    const load = async () => parcel.config;
    const { rerender } = render(<RemoteOutlet module="remote_x/Page" load={load} pageProps={pageProps} />);
    await screen.findByText('at');
    rerender(<RemoteOutlet module="remote_x/Page" load={load} pageProps={{ ...pageProps, search: '?q=x' }} />);
    await waitFor(() => expect(parcel.seen).toEqual(['?q=x']));
    await act(async () => parcel.pending.shift()!());
    act(() => parcel.props().reportError(new Error('render failed')));
    await screen.findByRole('button', { name: 'Retry' });
  });
});
