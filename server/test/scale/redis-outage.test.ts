/**
 * A Redis outage seen by one process (its Redis connections go through a proxy the test cuts): the process keeps
 * serving (events it could not publish are logged, never a crash), and once Redis is back its events reach the
 * other processes again.
 */
import {
  createScaleAccount,
  login,
  postWebhook,
  recordSocket,
  tearDown,
  webhookBody,
  type RecordedSocket,
  type ScaleAccount,
} from './account';
import { startCluster, waitFor, type Cluster } from './cluster';
import { describeScale, REDIS_URL } from './services';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

describeScale('a Redis outage', () => {
  let proxy: TcpProxy;
  let cluster: Cluster;
  let account: ScaleAccount;
  let agentOnSteady: RecordedSocket | undefined;

  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379));
    const throughProxy = new URL(REDIS_URL);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    cluster = await startCluster({
      names: ['cut-off', 'steady'],
      envFor: (name): Record<string, string> => (name === 'cut-off' ? { REDIS_URL: throughProxy.toString() } : {}),
    });
    account = await createScaleAccount(cluster);
  }, 60_000);

  afterAll(() => tearDown(agentOnSteady ? [agentOnSteady] : [], account, cluster, proxy), 30_000);

  it('keeps the process serving while Redis is away, and fans its events out again once it is back', async () => {
    const [cutOff, steady] = cluster.processes;
    const agent = await account.addUser('agent-steady');
    agentOnSteady = await recordSocket(steady.url, await login(steady.url, agent));
    const before = `Before the outage ${Date.now()}`;
    expect(await postWebhook(cutOff.url, webhookBody('text', { text: before }))).toBe(200);
    await agentOnSteady.messageWhere((event) => event.message.content.text === before, 'an event across processes');

    proxy.cut();
    // The message is stored (the database is fine); its event cannot cross to the other process.
    const during = `During the outage ${Date.now()}`;
    expect(await postWebhook(cutOff.url, webhookBody('text', { text: during }))).toBe(200);
    // The publish gives up (after its retries) — the moment an unhandled failure would end the process. Waited
    // for, not slept: on a busy machine the retries outlast any fixed pause, and Redis back too soon lets it through.
    await waitFor(
      () => cutOff.logs().includes('realtime event not published to the other processes'),
      'the publish to give up',
      30_000,
    );
    expect(cutOff.child.exitCode).toBeNull();
    expect((await fetch(`${cutOff.url}/readyz`)).status).toBe(200);

    await proxy.restore();
    const after = `After the outage ${Date.now()}`;
    // Until the cut-off process has reconnected, an event may not cross: send again every half second.
    const deadline = Date.now() + 20_000;
    let crossed = false;
    while (!crossed && Date.now() < deadline) {
      expect(await postWebhook(cutOff.url, webhookBody('text', { text: after }))).toBe(200);
      crossed = await waitFor(
        () => agentOnSteady?.messages.some((event) => event.message.content.text === after),
        'the event',
        500,
      ).catch(() => false);
    }
    expect(crossed).toBe(true);
    expect(cutOff.child.exitCode).toBeNull();
    expect(cutOff.logs()).toContain('realtime event not published to the other processes');
  }, 60_000);
});
