import { Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import type { PageProps } from '@parley/shared';
import { reportPageProblem } from '../federation/client-report';
import { RetryPanel } from './retry-panel';

export interface RemoteOutletProps {
  /** Federation id, e.g. `remote_inbox/Dashboard`. */
  module: string;
  load: (module: string, options: { retry: boolean }) => Promise<ParcelConfig>;
  pageProps: Omit<PageProps, 'reportError'>;
}

type OutletState = 'loading' | 'ready' | 'failed';

/**
 * Loads a remote page and mounts it as a single-spa parcel. Skeleton while loading; a Retry panel when the
 * remote cannot be loaded or throws, while the rest of the app keeps working.
 */
export function RemoteOutlet({ module, load, pageProps }: RemoteOutletProps) {
  const host = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const [state, setState] = useState<OutletState>('loading');
  const [attempt, setAttempt] = useState(0);
  const latestProps = useRef(pageProps);
  latestProps.current = pageProps;
  // The props the parcel was last given, and the chain of its updates: single-spa refuses an update while the
  // previous one runs (status UPDATING), so a quick Back after a click would otherwise be lost.
  const givenProps = useRef<RemoteOutletProps['pageProps'] | null>(null);
  const updates = useRef<Promise<unknown>>(Promise.resolve());
  // What the parcel gets besides the page props: single-spa replaces all custom props on update.
  const ownProps = useRef<{ domElement: HTMLElement; reportError: (error: unknown) => void } | null>(null);

  const syncProps = useCallback(() => {
    updates.current = updates.current
      .then(() => {
        const mounted = parcel.current;
        const next = latestProps.current;
        if (!mounted?.update || mounted.getStatus() !== 'MOUNTED' || givenProps.current === next) return;
        givenProps.current = next;
        return mounted.update({ ...next, ...ownProps.current });
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    const fail = (error: unknown, kind: 'load-failed' | 'crash' = 'crash') => {
      console.error(`[parley] ${module} failed`, error);
      reportPageProblem(kind, module, error);
      if (!cancelled) setState('failed');
    };
    load(module, { retry: attempt > 0 })
      .then((config) => {
        if (cancelled || !host.current) return;
        givenProps.current = latestProps.current;
        const own = { domElement: host.current, reportError: (error: unknown) => fail(error) };
        ownProps.current = own;
        const mounted = mountRootParcel(config, { ...latestProps.current, ...own });
        parcel.current = mounted;
        return mounted.mountPromise.then(
          () => {
            if (!cancelled) setState((current) => (current === 'failed' ? current : 'ready'));
            // The address may have moved on while the page mounted.
            syncProps();
          },
          (error: unknown) => fail(error),
        );
      })
      .catch((error: unknown) => fail(error, 'load-failed'));
    return () => {
      cancelled = true;
      const mounted = parcel.current;
      parcel.current = null;
      givenProps.current = null;
      if (mounted && mounted.getStatus() === 'MOUNTED') void mounted.unmount().catch(() => undefined);
    };
  }, [module, load, attempt, syncProps]);

  // Route params or the query changed while the same page stays: pass them on, in order.
  const { params, search, from } = pageProps;
  useEffect(syncProps, [params, search, from, syncProps]);

  return (
    <>
      {state === 'loading' && <Skeleton active paragraph={{ rows: 6 }} data-testid="remote-loading" />}
      {state === 'failed' && <RetryPanel onRetry={() => setAttempt((n) => n + 1)} />}
      <div ref={host} hidden={state !== 'ready'} className="remote-outlet" />
    </>
  );
}
