/**
 * The worker loop every server process runs (started by buildApp, stopped on close). It claims due jobs from
 * the table (see queue.ts), runs each with its kind's handler, and keeps the lease alive while it runs. Nothing
 * here is state that matters: kill the process at any moment and another one finishes the work after the lease.
 *
 *   jobs.register('media.download', { run, giveUp })     at module registration
 *   await jobs.enqueue(tx, { kind, payload })             inside the transaction that needs the work done
 *   jobs.poke()                                            after that transaction commits: look now, not at the next poll
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { lt, and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { backoffDelay } from './backoff';
import { buryJob, claimDueJobs, completeJob, enqueueJob, extendLease, rescheduleJob, type NewJob } from './queue';
import { jobs, type JobRow } from './schema';

export interface ClaimedJob<P = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run; a run that crashed counts too. */
  attempts: number;
  maxAttempts: number;
  /** When this run fails, the job is given up instead of retried. */
  isLastAttempt: boolean;
}

/** Thrown by a handler to be run again later (after `delayMs`, else the kind's backoff). */
export class RetryJob extends Error {
  constructor(
    message: string,
    readonly delayMs?: number,
  ) {
    super(message);
    this.name = 'RetryJob';
  }
}

export interface JobDefinition<P = Record<string, unknown>> {
  run(job: ClaimedJob<P>): Promise<void>;
  /** Called once when the job is given up (attempts used up), to leave its data in a final, visible state. */
  giveUp?(job: ClaimedJob<P>, reason: string): Promise<void>;
  backoff?: { baseMs: number; maxMs: number };
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (another process's work, retries coming due). */
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
}

export interface JobRunner {
  readonly workerId: string;
  register<P>(kind: string, definition: JobDefinition<P>): void;
  enqueue(db: Db | Tx, job: NewJob): Promise<number>;
  /** New work may be due: look now instead of at the next poll. */
  poke(): void;
  /** Periodic clean-up work (old rows), run about every `housekeepingMs` by whichever process gets there. */
  addHousekeeping(task: () => Promise<void>): void;
  start(): void;
  /** Stops claiming and waits for the jobs in flight. */
  stop(): Promise<void>;
}

const DEFAULT_BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000 };
const HOUSEKEEPING_MS = 10 * 60_000;
const KEEP_DONE_DAYS = 7;
const KEEP_FAILED_DAYS = 30;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createJobRunner({
  db,
  log,
  pollMs = 1_000,
  leaseMs = 60_000,
  concurrency = 4,
}: JobRunnerOptions): JobRunner {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const definitions = new Map<string, JobDefinition<any>>();
  const housekeeping: Array<() => Promise<void>> = [
    async () => {
      await db
        .delete(jobs)
        .where(and(eq(jobs.failed, false), lt(jobs.doneAt, sql`now() - ${KEEP_DONE_DAYS} * interval '1 day'`)));
      await db.delete(jobs).where(lt(jobs.doneAt, sql`now() - ${KEEP_FAILED_DAYS} * interval '1 day'`));
    },
  ];
  const inFlight = new Set<Promise<void>>();
  // The jobs this process is running: never claimed again here, even when a stall let their lease lapse (a second
  // run of a send would find its own send under way and fail it as interrupted).
  const runningIds = new Set<number>();
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  let pokedWhileBusy = false;
  let lastHousekeeping = Date.now();

  const poke = () => {
    pokedWhileBusy = true;
    wake?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function finishWithGiveUp(job: ClaimedJob, definition: JobDefinition<any> | undefined, reason: string) {
    try {
      await definition?.giveUp?.(job, reason);
      await buryJob(db, job.id, workerId, reason);
      log.warn({ jobId: job.id, kind: job.kind, reason }, 'job given up');
    } catch (error) {
      // The data could not be put in its final state: keep the job, the next claim gives up again.
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'giving up a job failed; will try again');
      await rescheduleJob(db, job.id, workerId, DEFAULT_BACKOFF.baseMs, reason).catch(() => undefined);
    }
  }

  async function execute(row: JobRow) {
    const definition = definitions.get(row.kind);
    const job: ClaimedJob = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
      isLastAttempt: row.attempts >= row.maxAttempts,
    };
    if (row.attempts > row.maxAttempts) {
      // A run that was cut short (the process died) used the last attempt.
      return finishWithGiveUp(job, definition, row.lastError ?? 'interrupted after the last attempt');
    }
    if (!definition) {
      // A newer process may know this kind (rolling deploy): leave it for a while.
      log.error({ jobId: row.id, kind: row.kind }, 'no handler for job kind');
      if (job.isLastAttempt) return finishWithGiveUp(job, definition, `no handler for ${row.kind}`);
      return rescheduleJob(db, row.id, workerId, 30_000, `no handler for ${row.kind}`);
    }
    const heartbeat = setInterval(
      () => {
        extendLease(db, row.id, workerId, leaseMs).catch((error: unknown) =>
          log.warn({ err: error }, 'lease extension failed'),
        );
      },
      Math.max(1_000, Math.floor(leaseMs / 3)),
    );
    try {
      await definition.run(job);
      await completeJob(db, row.id, workerId);
    } catch (error) {
      const reason = describe(error);
      if (job.isLastAttempt) return await finishWithGiveUp(job, definition, reason);
      const backoff = definition.backoff ?? DEFAULT_BACKOFF;
      const delay =
        error instanceof RetryJob && error.delayMs !== undefined
          ? error.delayMs
          : backoffDelay(job.attempts, backoff.baseMs, backoff.maxMs);
      if (!(error instanceof RetryJob))
        log.warn({ err: error, jobId: row.id, kind: row.kind }, 'job failed; will retry');
      await rescheduleJob(db, row.id, workerId, delay, reason);
      // Due before the next poll: look again then (only a hint; any process would pick it up at its poll).
      if (delay < pollMs) setTimeout(poke, delay + 5).unref();
    } finally {
      clearInterval(heartbeat);
    }
  }

  function launch(row: JobRow) {
    runningIds.add(row.id);
    const promise: Promise<void> = execute(row)
      .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        runningIds.delete(row.id);
        inFlight.delete(promise);
        wake?.();
      });
    inFlight.add(promise);
  }

  async function runHousekeeping() {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_MS) return;
    lastHousekeeping = Date.now();
    for (const task of housekeeping) {
      await task().catch((error: unknown) => log.warn({ err: error }, 'job housekeeping failed'));
    }
  }

  async function loop() {
    while (running) {
      pokedWhileBusy = false;
      let claimed: JobRow[] = [];
      const free = concurrency - inFlight.size;
      if (free > 0) {
        try {
          claimed = await claimDueJobs(db, workerId, leaseMs, free, [...runningIds]);
        } catch (error) {
          if (running) log.warn({ err: error }, 'claiming jobs failed');
        }
        for (const row of claimed) launch(row);
      }
      if (!running) break;
      if (claimed.length === 0 && free > 0) await runHousekeeping();
      // Look again at once when this round filled up free slots (more may be due) or someone poked meanwhile.
      const moreMayBeDue = (claimed.length > 0 && claimed.length === free) || pokedWhileBusy;
      if (!moreMayBeDue || inFlight.size >= concurrency) await sleep(pollMs);
    }
  }

  return {
    workerId,
    register(kind, definition) {
      if (definitions.has(kind)) throw new Error(`Job kind ${kind} is registered twice`);
      definitions.set(kind, definition as JobDefinition<any>);
    },
    enqueue: enqueueJob,
    poke,
    addHousekeeping(task) {
      housekeeping.push(task);
    },
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    async stop() {
      running = false;
      wake?.();
      await loopDone;
      await Promise.allSettled([...inFlight]);
    },
  };
}
