import type { Message } from '@parley/shared';
import { t } from '../i18n';

export interface TickState {
  status: 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
  symbol: string;
  label: string;
  /** Read ticks are blue like WhatsApp's; failed is red; the rest grey. */
  tone: 'muted' | 'blue' | 'danger';
}

const STATES: Record<TickState['status'], Omit<TickState, 'label'>> = {
  pending: { status: 'pending', symbol: '🕓', tone: 'muted' },
  sent: { status: 'sent', symbol: '✓', tone: 'muted' },
  delivered: { status: 'delivered', symbol: '✓✓', tone: 'muted' },
  read: { status: 'read', symbol: '✓✓', tone: 'blue' },
  failed: { status: 'failed', symbol: '!', tone: 'danger' },
};

const label = (status: TickState['status']): string => {
  switch (status) {
    case 'pending':
      return t('ticks.sending');
    case 'sent':
      return t('ticks.sent');
    case 'delivered':
      return t('ticks.delivered');
    case 'read':
      return t('ticks.read');
    case 'failed':
      return t('ticks.notDelivered');
  }
};

/** The delivery mark of an outgoing message; incoming messages have none. */
export function tickState(message: Pick<Message, 'direction' | 'status'>): TickState | undefined {
  if (message.direction !== 'outgoing') return undefined;
  const state = STATES[message.status ?? 'pending'] ?? STATES.pending;
  return { ...state, label: label(state.status) };
}

/** Meta's reason for a failed message: its title and code, e.g. "Re-engagement message (131047)". */
export function failureReason(message: Pick<Message, 'error'>): string {
  const error = message.error;
  if (!error) return t('ticks.notDelivered');
  const title = error.title?.trim() || t('ticks.notDelivered');
  return error.code !== undefined && error.code !== null && `${error.code}` !== '' ? `${title} (${error.code})` : title;
}

/** Meta's "re-engagement message" error: the 24-hour window had closed, so only a template can get through. */
export const OUTSIDE_WINDOW_CODE = 131047;

export function needsTemplate(message: Pick<Message, 'error'>): boolean {
  return `${message.error?.code ?? ''}` === `${OUTSIDE_WINDOW_CODE}`;
}
