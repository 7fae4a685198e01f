import type { Message } from '@parley/shared';

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * The order of a conversation's messages, oldest first: WhatsApp's own time, then when the server stored it,
 * then the id. The server pages by the same rule (docs/api.md), so a redelivered or late message takes its
 * place instead of landing at the end.
 */
export function compareMessages(
  a: Pick<Message, 'timestamp' | 'createdAt' | 'id'>,
  b: Pick<Message, 'timestamp' | 'createdAt' | 'id'>,
): number {
  return (
    time(a.timestamp) - time(b.timestamp) ||
    time(a.createdAt) - time(b.createdAt) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
