import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import type { PageProps } from '@parley/shared';
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

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    const fail = (error: unknown) => {
      console.error(`[parley] ${module} failed`, error);
      if (!cancelled) setState('failed');
    };
    load(module, { retry: attempt > 0 })
      .then((config) => {
        if (cancelled || !host.current) return;
        const mounted = mountRootParcel(config, {
          domElement: host.current,
          ...latestProps.current,
          reportError: fail,
        });
        parcel.current = mounted;
        return mounted.mountPromise.then(() => {
          if (!cancelled) setState((current) => (current === 'failed' ? current : 'ready'));
        });
      })
      .catch(fail);
    return () => {
      cancelled = true;
      const mounted = parcel.current;
      parcel.current = null;
      if (mounted && mounted.getStatus() === 'MOUNTED') void mounted.unmount().catch(() => undefined);
    };
  }, [module, load, attempt]);

  // Route params or the query changed while the same page stays: pass them on.
  const { params, search, from } = pageProps;
  useEffect(() => {
    const mounted = parcel.current;
    if (mounted?.update && mounted.getStatus() === 'MOUNTED') {
      void mounted.update({ ...latestProps.current }).catch(() => undefined);
    }
  }, [params, search, from]);

  return (
    <>
      {state === 'loading' && <Skeleton active paragraph={{ rows: 6 }} data-testid="remote-loading" />}
      {state === 'failed' && <RetryPanel onRetry={() => setAttempt((n) => n + 1)} />}
      <div ref={host} hidden={state !== 'ready'} className="remote-outlet" />
    </>
  );
}
