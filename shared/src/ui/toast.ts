import { App } from 'antd';
import { useMemo } from 'react';

/** Toast durations of spec section 9: 5 s in the sign-in area, 3 s in contact, asset, form and profile screens. */
export const TOAST_MS = { signIn: 5000, screen: 3000 } as const;

export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

/** Top-right toasts that close after the given time; needs the antd <App> the parcel helper provides. */
export function useToast(durationMs: number): Toast {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info') => (text: string) =>
      notification[type]({ title: text, placement: 'topRight', duration: durationMs / 1000 });
    return { success: show('success'), error: show('error'), info: show('info') };
  }, [notification, durationMs]);
}
