import type { Message } from '@parley/shared';

export interface TickState {
  status: 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
  symbol: string;
  label: string;
  /** Read ticks are blue like WhatsApp's; failed is red; the rest grey. */
  tone: 'muted' | 'blue' | 'danger';
}

const STATES: Record<TickState['status'], TickState> = {
  pending: { status: 'pending', symbol: '🕓', label: 'Sending', tone: 'muted' },
  sent: { status: 'sent', symbol: '✓', label: 'Sent', tone: 'muted' },
  delivered: { status: 'delivered', symbol: '✓✓', label: 'Delivered', tone: 'muted' },
  read: { status: 'read', symbol: '✓✓', label: 'Read', tone: 'blue' },
  failed: { status: 'failed', symbol: '!', label: 'Not delivered', tone: 'danger' },
};

/** The delivery mark of an outgoing message; incoming messages have none. */
export function tickState(message: Pick<Message, 'direction' | 'status'>): TickState | undefined {
  if (message.direction !== 'outgoing') return undefined;
  return STATES[message.status ?? 'pending'] ?? STATES.pending;
}

/** Meta's reason for a failed message: its title and code, e.g. "Re-engagement message (131047)". */
export function failureReason(message: Pick<Message, 'error'>): string {
  const error = message.error;
  if (!error) return 'Not delivered';
  const title = error.title?.trim() || 'Not delivered';
  return error.code !== undefined && error.code !== null && `${error.code}` !== '' ? `${title} (${error.code})` : title;
}

/** Meta's "re-engagement message" error: the 24-hour window had closed, so only a template can get through. */
export const OUTSIDE_WINDOW_CODE = 131047;

export function needsTemplate(message: Pick<Message, 'error'>): boolean {
  return `${message.error?.code ?? ''}` === `${OUTSIDE_WINDOW_CODE}`;
}
