/**
 * WhatsApp's customer-service window (docs/product-rules.md#service-window): free-form messages (text, media,
 * location, assets, forms) may be sent only within 24 hours of the customer's last message; after that only
 * approved templates go through.
 */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

/** The server's 422 and the composer's notice once the window has closed. */
export const WINDOW_CLOSED_MESSAGE =
  'The 24-hour window is closed: the customer has not written in the last 24 hours, so WhatsApp only allows a template until they write again.';

export function canSendFreeForm(lastIncomingAt: Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastIncomingAt) return false;
  return now.getTime() - lastIncomingAt.getTime() < SERVICE_WINDOW_MS;
}

/** Message types that need the window (everything but templates). */
export const isFreeForm = (type: string) => type !== 'template';
