/**
 * Time limits and retry pacing of the channel's Graph calls. Plain constants; API tests shorten some of them
 * (e.g. the Graph time-out, to provoke an ambiguous send without waiting 15 s).
 */
export const channelTiming = {
  /** One Graph request; a time-out is an ambiguous outcome (never re-sent automatically). */
  graphTimeoutMs: 15_000,
  /** Sends refused with a rate limit or a refused connection: retried with backoff, this many runs in all. */
  sendMaxAttempts: 6,
  sendBackoff: { baseMs: 1_000, maxMs: 60_000 },
  /** Incoming media downloads (WhatsApp keeps the file 7 days). */
  downloadMaxAttempts: 8,
  downloadBackoff: { baseMs: 2_000, maxMs: 10 * 60_000 },
};
