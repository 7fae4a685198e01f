/**
 * Group commit for webhooks. Meta delivers a reply flood as fast as we answer, one POST per message or a few
 * large batches: one transaction per message pays a commit (and on PGlite the only connection) per message.
 * Here webhooks that arrive together (within `windowMs`, or while the previous group commits) are stored in one
 * transaction, and each POST is answered only once its own events are committed — "stored before 200, stored
 * once" holds. When a group fails, each of its webhooks is tried again alone, so one bad message fails only its
 * own POST (500, Meta delivers it again), never another account's.
 *
 * A transaction takes at most `sliceEvents` events: a big batch is committed slice by slice, and between slices
 * it goes to the back of the queue and the event loop lets other requests in — one account's 1,000-message
 * batch never holds PGlite's only connection (or the whole process) for seconds.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs';
import type { EventRow, MessageEvents } from './events';
import {
  applySettledGroup,
  applyWebhookEvents,
  noOutcome,
  type AccountEvent,
  type WebhookOutcome,
} from './webhook-events';

export interface WebhookCommitter {
  /** Applies the events; resolves once all of them are committed, rejects when they could not be. */
  apply(events: AccountEvent[]): Promise<WebhookOutcome>;
}

export interface WebhookCommitterDeps {
  db: Db;
  jobs: JobRunner;
  events: MessageEvents;
  log: FastifyBaseLogger;
  /** Groups committed at once (PostgreSQL's pool has several connections; PGlite has one). */
  parallel: number;
  /**
   * Events per transaction. On PGlite each slice holds the only connection and the event loop (its queries run
   * on the main thread), so it stays short there.
   */
  sliceEvents: number;
  /** How long the first webhook waits for others to join its transaction. */
  windowMs: number;
}

interface Webhook {
  events: AccountEvent[];
  /** Events before this one are committed. */
  next: number;
  outcome: WebhookOutcome;
  resolve(outcome: WebhookOutcome): void;
  reject(error: unknown): void;
}

/** The part of one webhook a group takes. */
interface Part {
  webhook: Webhook;
  end: number;
}

const addOutcome = (into: WebhookOutcome, from: WebhookOutcome) => {
  into.stored += from.stored;
  into.duplicates += from.duplicates;
  into.statuses += from.statuses;
  into.ignored += from.ignored;
};

export function createWebhookCommitter(deps: WebhookCommitterDeps): WebhookCommitter {
  const { db, log } = deps;
  const queue: Webhook[] = [];
  let queuedEvents = 0;
  let running = 0;

  /** Commits the parts in one transaction; what changed is announced, each finished webhook answered. */
  async function commit(parts: Part[]): Promise<void> {
    // The parts' events in one list: one-message webhooks of one account that arrived together are stored as a
    // run (inbound-run.ts: one statement for the usual run, which needs no transaction of its own; a few queries
    // otherwise, not five per message); each part's results are split back.
    const events = parts.flatMap(({ webhook, end }) => webhook.events.slice(webhook.next, end));
    const settled = await applySettledGroup(db, events, noOutcome());
    const all =
      settled.applied ??
      (await db.transaction((tx) =>
        applyWebhookEvents(tx, deps, events, noOutcome(), { settledTried: settled.tried }),
      ));
    let at = 0;
    const applied = parts.map(({ webhook, end }) => {
      const mine = all.slice(at, (at += end - webhook.next));
      const outcome = noOutcome();
      for (const result of mine) if (result.counted) outcome[result.counted] += 1;
      return { outcome, mine, queuedDownload: mine.some((result) => result.queuedDownload) };
    });
    // What changed, announced from the rows the storing statement returned where it was the commit, else read.
    const committed: EventRow[] = [];
    const read: string[] = [];
    for (const result of applied.flatMap(({ mine }) => mine)) {
      if (result.eventRow) committed.push(result.eventRow);
      else if (result.changed) read.push(result.changed);
    }
    if (committed.length > 0) void deps.events.emitCommitted(committed);
    if (read.length > 0) void deps.events.emit(...read);
    if (applied.some((result) => result.queuedDownload)) deps.jobs.poke();
    parts.forEach(({ webhook, end }, index) => {
      addOutcome(webhook.outcome, applied[index].outcome);
      webhook.next = end;
      if (end === webhook.events.length) webhook.resolve(webhook.outcome);
      else requeue(webhook);
    });
  }

  /** The next group: whole webhooks from the front of the queue, a big one only up to the slice. */
  function takeGroup(): Part[] {
    const parts: Part[] = [];
    let room = deps.sliceEvents;
    while (room > 0 && queue.length > 0) {
      const webhook = queue.shift() as Webhook;
      const end = Math.min(webhook.events.length, webhook.next + room);
      room -= end - webhook.next;
      queuedEvents -= end - webhook.next;
      parts.push({ webhook, end });
    }
    return parts;
  }

  function requeue(webhook: Webhook) {
    queue.push(webhook);
    queuedEvents += webhook.events.length - webhook.next;
  }

  async function commitGroup(parts: Part[]) {
    try {
      await commit(parts);
    } catch (error) {
      if (parts.length === 1) {
        log.warn({ err: error }, 'webhook events could not be stored: answering 500 (WhatsApp delivers them again)');
        parts[0].webhook.reject(error);
        return;
      }
      // Somebody's event failed the group: each webhook again on its own, so only that one fails.
      for (const part of parts) await commitGroup([part]);
    }
  }

  async function drain() {
    try {
      while (queue.length > 0) {
        await commitGroup(takeGroup());
        // Other requests (another account's API calls) run between two groups: a timer, not setImmediate, so a
        // request whose query just finished can send its next one before the next group takes the connection.
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      running -= 1;
    }
  }

  function start(delayMs: number) {
    running += 1;
    setTimeout(() => void drain(), delayMs);
  }

  return {
    apply(events) {
      if (events.length === 0) return Promise.resolve(noOutcome());
      return new Promise((resolve, reject) => {
        queue.push({ events, next: 0, outcome: noOutcome(), resolve, reject });
        queuedEvents += events.length;
        if (running === 0) start(deps.windowMs);
        // A backlog of more than a group: another connection may take it at once.
        else if (running < deps.parallel && queuedEvents > deps.sliceEvents) start(0);
      });
    },
  };
}
