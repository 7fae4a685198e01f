import { App as AntdApp } from 'antd';
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { languageReady } from '../i18n/catalogue';
import { ParleyThemeProvider } from '../theme/parley-theme';
import type { PageProps } from './page-props';

/**
 * Turns a page component into a single-spa parcel config (bootstrap/mount/unmount/update): the contract every
 * remote's exposed module honours. Each parcel is its own React root with antd's App (toasts) around it, in Parley's
 * theme: light or dark as the shared `$darkMode` says, following it while mounted.
 */
export function createPageParcel(
  Page: ComponentType<PageProps>,
  /** What the page needs fetched before it paints, besides its texts (e.g. `phoneFormatReady`). */
  { before }: { before?: () => Promise<unknown> } = {},
) {
  function Root(props: PageProps) {
    return (
      <ParleyThemeProvider>
        <AntdApp notification={{ placement: 'topRight' }}>
          <Page navigate={props.navigate} params={props.params ?? {}} search={props.search ?? ''} from={props.from} />
        </AntdApp>
      </ParleyThemeProvider>
    );
  }
  const lifecycles = singleSpaReact<PageProps>({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root,
    // A parcel is a separate React root, so the shell's error boundary cannot see its errors: report them.
    errorBoundary: (error, _info, props) => {
      props.reportError?.(error);
      return <></>;
    },
  });
  return {
    ...lifecycles,
    // The page's texts in the language shown are fetched when its remote registers them: it mounts once they are
    // in place, never painting English first for a pt-BR or es user.
    mount: (props: Parameters<typeof lifecycles.mount>[0]) =>
      Promise.all([languageReady(), before?.()]).then(() => lifecycles.mount(props)),
  };
}
