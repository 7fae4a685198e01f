/** PostgreSQL error codes as thrown by pg and PGlite (possibly wrapped by Drizzle in `cause`). */
function hasCode(error: unknown, codes: readonly string[]): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && codes.includes(e.code)) return true;
  }
  return false;
}

/** unique_violation. */
export const isUniqueViolation = (error: unknown) => hasCode(error, ['23505']);

/**
 * deadlock_detected and serialization_failure: PostgreSQL rolled the whole transaction back, so running it again
 * is safe. Two transactions that lock the same rows in opposite orders (a webhook group locks a customer's
 * contact, then a wamid; a send's bookkeeping the wamid, then the contact) end this way under load.
 */
export const isTransientDbError = (error: unknown) => hasCode(error, ['40P01', '40001']);

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborted it as a deadlock victim or serialization
 * failure: for bookkeeping after an action that cannot be repeated (a message WhatsApp accepted), where giving
 * up would leave the data saying something false.
 */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientDbError(error)) throw error;
      // A little apart, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
