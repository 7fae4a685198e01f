/**
 * The job queue and runner on a bare database (no app running, so nothing else claims the jobs), on PGlite and
 * PostgreSQL like the rest of the API suite.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { createJobRunner, RetryJob, type JobRunner } from '../../src/jobs';
import { claimDueJobs, completeJob, enqueueJob, rescheduleJob } from '../../src/jobs/queue';
import { jobs } from '../../src/jobs/schema';
import { chosenDb } from '../helpers/test-server';
import { createTemporaryDatabase, type TemporaryDatabase } from '../helpers/postgres';
import { waitFor } from './channel-helpers';

const { copyMigratedPglite } = require('../../../scripts/lib/pglite-template.cjs');

let database: DatabaseHandle;
let temporary: TemporaryDatabase | undefined;
const quiet = () => undefined;
const log = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

let pgliteTmp: string | undefined;

beforeAll(async () => {
  temporary = chosenDb() === 'postgres' ? await createTemporaryDatabase() : undefined;
  // PGlite: a copy of the migrated template (an in-memory database would run initdb and every migration here).
  pgliteTmp = temporary ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'parley-jobs-'));
  database = await openDatabase(
    loadConfig({
      NODE_ENV: 'test',
      ...(temporary
        ? { DATABASE_URL: temporary.url }
        : { PGLITE_DIR: await copyMigratedPglite(path.join(pgliteTmp as string, 'pglite')) }),
    }),
  );
  await runMigrations(database);
});
afterAll(async () => {
  await database?.close();
  await temporary?.drop();
  if (pgliteTmp) await fs.rm(pgliteTmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('job queue', () => {
  it('never hands one job to two workers claiming at the same time', async () => {
    for (let i = 0; i < 20; i += 1) await enqueueJob(database.db, { kind: 'k', payload: { i } });
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((worker) => claimDueJobs(database.db, worker, 60_000, 8)),
    );
    const ids = claims.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  it('runs the jobs of one group one at a time, oldest first', async () => {
    const first = await enqueueJob(database.db, { kind: 'k', payload: {}, groupKey: 'g' });
    const second = await enqueueJob(database.db, { kind: 'k', payload: {}, groupKey: 'g' });
    const other = await enqueueJob(database.db, { kind: 'k', payload: {}, groupKey: 'h' });
    expect((await claimDueJobs(database.db, 'a', 60_000, 10)).map((job) => job.id).sort()).toEqual(
      [first, other].sort(),
    );
    expect(await claimDueJobs(database.db, 'b', 60_000, 10)).toEqual([]);
    await completeJob(database.db, first, 'a');
    expect((await claimDueJobs(database.db, 'b', 60_000, 10)).map((job) => job.id)).toEqual([second]);
  });

  it('keeps a leased job from others until the lease runs out', async () => {
    const id = await enqueueJob(database.db, { kind: 'k', payload: {} });
    expect(await claimDueJobs(database.db, 'a', 60_000, 1)).toHaveLength(1);
    expect(await claimDueJobs(database.db, 'b', 60_000, 1)).toEqual([]);
    // The lease runs out (moved into the past rather than waited for: the database clock decides).
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const [taken] = await claimDueJobs(database.db, 'b', 60_000, 1);
    expect(taken).toMatchObject({ id, lockedBy: 'b', attempts: 2 });
    // The first worker's late completion is ignored: the job is no longer its.
    await completeJob(database.db, id, 'a');
    expect((await jobRow(id)).doneAt).toBeNull();
  });

  it('does not run a job before its time', async () => {
    const id = await enqueueJob(database.db, { kind: 'k', payload: {} });
    await claimDueJobs(database.db, 'a', 60_000, 1);
    await rescheduleJob(database.db, id, 'a', 60_000, 'later');
    expect(await claimDueJobs(database.db, 'a', 60_000, 1)).toEqual([]);
    expect((await jobRow(id)).lastError).toBe('later');
  });
});

describe('job runner', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
  });
  const start = (setup: (r: JobRunner) => void) => {
    runner = createJobRunner({ db: database.db, log, pollMs: 50, leaseMs: 5_000 });
    setup(runner);
    runner.start();
    return runner;
  };

  it('runs a job once and marks it done', async () => {
    const runs: unknown[] = [];
    start((r) => r.register('hello', { run: async (job) => void runs.push(job.payload) }));
    const id = await enqueueJob(database.db, { kind: 'hello', payload: { who: 'world' } });
    await waitFor(async () => (await jobRow(id)).doneAt, 'the job to finish');
    expect(runs).toEqual([{ who: 'world' }]);
    expect((await jobRow(id)).failed).toBe(false);
  });

  it('retries a failing job, then gives it up and lets the handler leave a final state', async () => {
    const attempts: number[] = [];
    const givenUp: string[] = [];
    start((r) =>
      r.register('flaky', {
        backoff: { baseMs: 10, maxMs: 20 },
        run: async (job) => {
          attempts.push(job.attempts);
          throw new Error(`attempt ${job.attempts} failed`);
        },
        giveUp: async (_job, reason) => void givenUp.push(reason),
      }),
    );
    const id = await enqueueJob(database.db, { kind: 'flaky', payload: {}, maxAttempts: 3 });
    await waitFor(async () => (await jobRow(id)).doneAt, 'the job to be given up');
    expect(attempts).toEqual([1, 2, 3]);
    expect(givenUp).toEqual(['attempt 3 failed']);
    expect(await jobRow(id)).toMatchObject({ failed: true, lastError: 'attempt 3 failed' });
  });

  it('honours a RetryJob delay', async () => {
    const times: number[] = [];
    start((r) =>
      r.register('later', {
        run: async (job) => {
          times.push(Date.now());
          if (job.attempts === 1) throw new RetryJob('not yet', 300);
        },
      }),
    );
    const id = await enqueueJob(database.db, { kind: 'later', payload: {} });
    await waitFor(async () => (await jobRow(id)).doneAt, 'the retried job');
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(250);
  });

  it('gives up a job whose last attempt was cut short by a crash', async () => {
    const givenUp: string[] = [];
    const ran: number[] = [];
    const [row] = await database.db
      .insert(jobs)
      .values({
        kind: 'crashy',
        payload: {},
        attempts: 2,
        maxAttempts: 2,
        lockedBy: 'dead',
        lockedUntil: new Date(Date.now() - 1000),
        lastError: 'boom',
      })
      .returning();
    start((r) =>
      r.register('crashy', {
        run: async (job) => void ran.push(job.attempts),
        giveUp: async (_job, reason) => void givenUp.push(reason),
      }),
    );
    await waitFor(async () => (await jobRow(row.id)).doneAt, 'the job to be given up');
    expect(ran).toEqual([]);
    expect(givenUp).toEqual(['boom']);
  });

  it('never takes back a job it is still running, even when a stall let its lease run out', async () => {
    const runs: number[] = [];
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    start((r) => {
      r.register('long', {
        run: async (job) => {
          runs.push(job.attempts);
          started();
          await released;
        },
      });
      r.register('quick', { run: async () => undefined });
    });
    const long = await enqueueJob(database.db, { kind: 'long', payload: {} });
    runner?.poke();
    await isStarted;
    // The process stalled past the lease (moved into the past rather than waited for).
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, long));
    // A later claim round: the one that takes this job also sees the lapsed one.
    const quick = await enqueueJob(database.db, { kind: 'quick', payload: {} });
    runner?.poke();
    await waitFor(async () => (await jobRow(quick)).doneAt, 'the later job');
    release();
    await waitFor(async () => (await jobRow(long)).doneAt, 'the long job');
    expect(runs).toEqual([1]);
  });

  it('finishes the jobs in flight when stopped', async () => {
    let finished = false;
    const r = start((runner) =>
      runner.register('slow', {
        run: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      }),
    );
    const id = await enqueueJob(database.db, { kind: 'slow', payload: {} });
    r.poke();
    await waitFor(async () => (await jobRow(id)).lockedBy, 'the claim');
    await r.stop();
    expect(finished).toBe(true);
    expect((await jobRow(id)).doneAt).not.toBeNull();
  });
});
