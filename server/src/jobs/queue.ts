/**
 * The job table as a queue. Every time comparison uses the database clock (`now()`), so processes with skewed
 * clocks still agree on what is due and whose lease ran out.
 */
import { and, asc, eq, inArray, isNull, lt, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { jobs, type JobRow } from './schema';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Jobs with the same key run one at a time, oldest first. */
  groupKey?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  maxAttempts?: number;
}

const msFromNow = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** Adds a job; pass the transaction that writes the data it is about, so both commit or neither does. */
export async function enqueueJob(db: Db | Tx, job: NewJob): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      groupKey: job.groupKey ?? null,
      runAt: msFromNow(job.delayMs ?? 0),
      ...(job.maxAttempts !== undefined ? { maxAttempts: job.maxAttempts } : {}),
    })
    .returning({ id: jobs.id });
  return row.id;
}

/**
 * Takes up to `limit` due jobs for `workerId` for `leaseMs`: not finished, due, not leased by a live worker, and
 * first of their group. Rows another process is claiming right now are skipped, never waited for. `runningIds`: jobs
 * this worker is still running: never taken again, even when their lease lapsed (a paused process).
 */
export async function claimDueJobs(
  db: Db,
  workerId: string,
  leaseMs: number,
  limit: number,
  runningIds: number[] = [],
): Promise<JobRow[]> {
  if (limit <= 0) return [];
  const older = alias(jobs, 'older_job');
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        runningIds.length > 0 ? notInArray(jobs.id, runningIds) : undefined,
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        or(
          isNull(jobs.groupKey),
          notExists(
            db
              .select({ one: sql`1` })
              .from(older)
              .where(and(eq(older.groupKey, jobs.groupKey), isNull(older.doneAt), lt(older.id, jobs.id))),
          ),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      lockedBy: workerId,
      lockedUntil: msFromNow(leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

const heldBy = (jobId: number, workerId: string) =>
  and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt));

/** Keeps a long job's lease alive; false when the lease was lost (another worker took the job over). */
export async function extendLease(db: Db, jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: msFromNow(leaseMs) })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: Db, jobId: number, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedUntil: null })
    .where(heldBy(jobId, workerId));
}

/** Puts the job back in the queue to run after `delayMs`. */
export async function rescheduleJob(
  db: Db,
  jobId: number,
  workerId: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: msFromNow(delayMs), lockedUntil: null, lockedBy: null, lastError: error.slice(0, 2000) })
    .where(heldBy(jobId, workerId));
}

/** Gives the job up for good (kept for inspection with its last error). */
export async function buryJob(db: Db, jobId: number, workerId: string, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, failed: true, lockedUntil: null, lastError: error.slice(0, 2000) })
    .where(heldBy(jobId, workerId));
}
