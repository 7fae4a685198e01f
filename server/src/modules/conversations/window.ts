/**
 * WhatsApp's customer-service window: free-form messages (text, media, location, forms) may be sent only within
 * 24 hours of the customer's last message; after that only approved templates go through.
 */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

export const WINDOW_CLOSED_MESSAGE =
  'The 24-hour window for free-form messages has closed: the customer last wrote more than 24 hours ago (or never). Send an approved template instead.';

export function canSendFreeForm(lastIncomingAt: Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastIncomingAt) return false;
  return now.getTime() - lastIncomingAt.getTime() < SERVICE_WINDOW_MS;
}

/** Message types that need the window (everything but templates). */
export const isFreeForm = (type: string) => type !== 'template';
