import { App } from 'antd';
import { useId, useMemo } from 'react';

/** Toast durations (docs/product-rules.md#toasts): 5 s in the sign-in area, 3 s in contact, asset, form and profile screens. */
export const TOAST_MS = { signIn: 5000, screen: 3000 } as const;

export interface Toast {
  /** `description`: a second line, e.g. the server's reason under the spec's text. */
  success(text: string, description?: string): void;
  error(text: string, description?: string): void;
  info(text: string, description?: string): void;
  /** Closes this hook's toasts (e.g. when the next action starts). */
  close(): void;
}

export interface ToastOptions {
  /** One toast at a time: a new one replaces the last (a screen whose actions sit under the toasts). */
  oneAtATime?: boolean;
}

/**
 * Top-right toasts that close after the given time, even under the pointer (so they never stay over the page's
 * buttons); needs the antd <App> the parcel helper provides.
 */
export function useToast(durationMs: number, { oneAtATime = false }: ToastOptions = {}): Toast {
  const { notification } = App.useApp();
  const hookId = useId();
  return useMemo(() => {
    let count = 0;
    const keys = new Set<string>();
    const show = (type: 'success' | 'error' | 'info') => (text: string, description?: string) => {
      const key = oneAtATime ? `parley-toast-${hookId}` : `parley-toast-${hookId}-${(count += 1)}`;
      keys.add(key);
      notification[type]({
        key,
        title: text,
        ...(description ? { description } : {}),
        placement: 'topRight',
        duration: durationMs / 1000,
        pauseOnHover: false,
        onClose: () => keys.delete(key),
      });
    };
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      close: () => keys.forEach((key) => notification.destroy(key)),
    };
  }, [notification, durationMs, hookId, oneAtATime]);
}
