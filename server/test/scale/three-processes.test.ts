/**
 * One account served by three built server processes (A, B, C) on one PostgreSQL database and one Redis:
 * realtime events, presence, rate limits and ended sessions cross processes, and a process killed with SIGKILL
 * leaves no ghost online and loses no background job.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { jobs } from '../../src/jobs/schema';
import { messages } from '../../src/modules/conversations/schema';
import {
  createScaleAccount,
  login,
  postWebhook,
  recordSocket,
  tearDown,
  webhookBody,
  type RecordedSocket,
  type ScaleAccount,
  type ScaleUser,
} from './account';
import { startCluster, waitFor, type Cluster, type ParleyProcess } from './cluster';
import { MEDIA_BYTES, startFakeGraph, type FakeGraph } from './fake-graph';
import { describeScale, REDIS_URL } from './services';

const PRESENCE_TTL_SECONDS = 3;
const sorted = (ids: string[]) => [...ids].sort();
const sameIds = (expected: string[]) => (ids: string[]) => JSON.stringify(ids) === JSON.stringify(sorted(expected));

describeScale('three server processes on PostgreSQL and Redis', () => {
  let graph: FakeGraph;
  let cluster: Cluster;
  let A: ParleyProcess, B: ParleyProcess, C: ParleyProcess;
  let account: ScaleAccount;
  let agentB: ScaleUser, agentC: ScaleUser;
  let ownerToken: string;
  let ownerOnA: RecordedSocket, agentOnB: RecordedSocket, agentOnC: RecordedSocket;
  const sockets: RecordedSocket[] = [];

  /** Adds the processes' output to a failure, where it usually explains it. */
  const withLogs = async <T>(promise: Promise<T>): Promise<T> => {
    try {
      return await promise;
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${cluster.logs()}`, { cause: error });
    }
  };
  const open = async (process: ParleyProcess, user: ScaleUser) => {
    const socket = await recordSocket(process.url, await login(process.url, user));
    sockets.push(socket);
    return socket;
  };
  const staffOnline = async (process: ParleyProcess) => {
    const response = await fetch(`${process.url}/api/account/users?limit=100`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const body = (await response.json()) as { list: Array<{ id: string; online: boolean }> };
    return sorted(body.list.filter((user) => user.online).map((user) => user.id));
  };

  beforeAll(async () => {
    graph = await startFakeGraph();
    cluster = await startCluster({
      names: ['A', 'B', 'C'],
      env: { PRESENCE_TTL_SECONDS: String(PRESENCE_TTL_SECONDS) },
      envFor: (name) => ({ GRAPH_API_BASE: graph.baseFor(name) }),
    });
    [A, B, C] = cluster.processes;
    account = await createScaleAccount(cluster);
    agentB = await account.addUser('agent-b');
    agentC = await account.addUser('agent-c');
    ownerToken = await login(A.url, account.owner);
    ownerOnA = await open(A, account.owner);
    agentOnB = await open(B, agentB);
    agentOnC = await open(C, agentC);
  }, 60_000);

  afterAll(() => tearDown(sockets, account, cluster, graph), 30_000);

  it('shows the same online users on every process', async () => {
    const everyone = [account.owner.id, agentB.id, agentC.id];
    for (const recorded of [ownerOnA, agentOnB, agentOnC]) {
      expect(await withLogs(recorded.onlineWhere(sameIds(everyone), 'getOnline with all three users'))).toEqual(
        sorted(everyone),
      );
    }
    for (const process of [A, B, C]) expect(await staffOnline(process)).toEqual(sorted(everyone));
  });

  it('delivers a webhook posted to A to the agents on B and C, once each', async () => {
    const first = `First to every process ${Date.now()}`;
    const second = `Second to every process ${Date.now()}`;
    expect(await postWebhook(A.url, webhookBody('text', { text: first }))).toBe(200);
    // The second message is a barrier: once it arrived, a duplicate of the first would have too.
    expect(await postWebhook(A.url, webhookBody('text', { text: second }))).toBe(200);
    for (const recorded of [ownerOnA, agentOnB, agentOnC]) {
      await withLogs(recorded.messageWhere((event) => event.message.content.text === second, 'the second message'));
      expect(recorded.messages.filter((event) => event.message.content.text === first)).toHaveLength(1);
    }
  });

  it('counts login attempts on every process together', async () => {
    const user = await account.addUser('rate-limited');
    const attempt = (process: ParleyProcess) =>
      fetch(`${process.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'not the password' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await attempt([A, B, C][i % 3])).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const refused = await attempt(B);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many login attempts. Please wait a minute and try again.',
    );
  });

  it('ends the sessions of an agent suspended on A although their socket is on C', async () => {
    const agent = await account.addUser('agent-suspended');
    const onC = await open(C, agent);
    await withLogs(ownerOnA.onlineWhere((ids) => ids.includes(agent.id), 'the agent online'));
    const disconnected = new Promise<string>((resolve) => onC.socket.once('disconnect', (reason) => resolve(reason)));

    const response = await fetch(`${A.url}/api/account/users/${agent.id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
      body: JSON.stringify({ status: 'hold' }),
    });
    expect(response.status).toBe(200);

    expect(await withLogs(disconnected)).toBe('io server disconnect');
    expect(onC.events).toContain('sessionEnded');
    await withLogs(ownerOnA.onlineWhere((ids) => !ids.includes(agent.id), 'the suspended agent gone from getOnline'));
  });

  it('drops the users of a process killed with SIGKILL within the expiry, and its job is finished by another', async () => {
    // B takes the media download and hangs in it. A and C are paused meanwhile: any process may claim a due job,
    // and on a busy machine A's or C's poll came before B's own poke (each refusal then pushed the job further
    // back). Their presence entries may lapse while paused; their next refresh puts them back.
    graph.behave('B', 'hang');
    A.kill('SIGSTOP');
    C.kill('SIGSTOP');
    const wamid = `wamid.SCALEKILL${Date.now()}`;
    try {
      expect(await postWebhook(B.url, webhookBody('image', { wamid, from: '15550009' }))).toBe(200);
      await withLogs(waitFor(() => graph.hanging().includes('B'), 'B to be in the middle of the download', 20_000));
    } finally {
      A.kill('SIGCONT');
      C.kill('SIGCONT');
    }
    const [message] = await account.db.db.select().from(messages).where(eq(messages.wamid, wamid));
    const [job] = await account.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'media.download'), sql`${jobs.payload}->>'messageId' = ${message.id}`));
    expect(job.doneAt).toBeNull();
    expect(job.lockedBy).toContain(`:${B.pid}:`);

    B.kill('SIGKILL');
    await B.exited;

    // Presence: B's agent leaves every remaining process's list once the TTL runs out (nobody removes it: B is
    // dead). The slack is for a busy machine, where the remaining processes' sweeps can run seconds late.
    const remaining = [account.owner.id, agentC.id];
    const presenceDeadlineMs = PRESENCE_TTL_SECONDS * 1000 + 15_000;
    await withLogs(ownerOnA.onlineWhere(sameIds(remaining), 'B’s agent gone from getOnline on A', presenceDeadlineMs));
    await withLogs(agentOnC.onlineWhere(sameIds(remaining), 'B’s agent gone from getOnline on C', presenceDeadlineMs));
    for (const process of [A, C]) expect(await staffOnline(process)).toEqual(sorted(remaining));

    // The job: taken over after B's lease, the file stored, and every remaining agent told.
    for (const recorded of [ownerOnA, agentOnC]) {
      await withLogs(
        recorded.messageWhere(
          (event) => event.message.id === message.id && Boolean(event.message.content.url),
          'the downloaded image',
          30_000,
        ),
      );
    }
    // The event goes out just before the job is marked done.
    const finished = await waitFor(async () => {
      const [row] = await account.db.db.select().from(jobs).where(eq(jobs.id, job.id));
      return row.doneAt ? row : undefined;
    }, 'the job to be marked done');
    expect(finished.failed).toBe(false);
    expect(finished.lockedBy).not.toContain(`:${B.pid}:`);
    const event = ownerOnA.messages.find((e) => e.message.id === message.id && e.message.content.url);
    const file = await fetch(`${C.url}${event?.message.content.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(MEDIA_BYTES);
  }, 60_000);

  it('stops a process on SIGTERM cleanly: its sockets are closed and its users leave the list at once', async () => {
    const disconnected = new Promise<string>((resolve) =>
      agentOnC.socket.once('disconnect', (reason) => resolve(reason)),
    );
    expect(await C.stop()).toBe(0);
    expect(await disconnected).toBe('io server disconnect');
    // Removed by C on its way out, not left to expire: right after the exit Redis no longer has C's agent.
    const redis = new Redis(REDIS_URL);
    try {
      const members = await redis.zrange(`${cluster.redisKeyPrefix}presence:${account.accountId}`, 0, -1);
      expect(members.filter((member) => member.startsWith(`${agentC.id}|`))).toEqual([]);
    } finally {
      redis.disconnect();
    }
    await withLogs(ownerOnA.onlineWhere(sameIds([account.owner.id]), 'only the owner online'));
  });
});
