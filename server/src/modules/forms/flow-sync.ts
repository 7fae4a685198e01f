/**
 * When to ask the WABA for its flows: on a list request, at most once every 30 s per account (one sync at a
 * time; others wait for it). A failed sync is logged and the stored list answered: forms must not become a
 * 500 because Meta is slow or the token expired.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FlowSourceFactory } from './flow-source';
import { syncFlows } from './service';

const MIN_INTERVAL_MS = 30_000;
/** A list request waits this long for the sync at most; the sync itself goes on and is used next time. */
const MAX_WAIT_MS = 8_000;

export function createFlowSync(db: Db, sourceFor: FlowSourceFactory, log: FastifyBaseLogger) {
  const lastSync = new Map<string, number>();
  const running = new Map<string, Promise<void>>();

  async function run(accountId: string): Promise<void> {
    try {
      const source = await sourceFor(accountId);
      // Not connected yet: sync as soon as it is, not 30 s later.
      if (!source) return void lastSync.delete(accountId);
      await syncFlows(db, accountId, source, log);
    } catch (error) {
      log.warn({ err: error, accountId }, 'flow sync failed; answering the stored forms');
    }
  }

  return {
    async refresh(accountId: string): Promise<void> {
      let pending = running.get(accountId);
      if (!pending) {
        if (Date.now() - (lastSync.get(accountId) ?? 0) < MIN_INTERVAL_MS) return;
        lastSync.set(accountId, Date.now());
        pending = run(accountId).finally(() => running.delete(accountId));
        running.set(accountId, pending);
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, MAX_WAIT_MS);
        timer.unref();
      });
      await Promise.race([pending, timeout]);
      clearTimeout(timer);
    },
    /** Forget the interval (after a new WhatsApp connection, the next list syncs at once). */
    forget(accountId: string): void {
      lastSync.delete(accountId);
    },
  };
}
