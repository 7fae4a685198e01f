import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph, startReceiver } from '../test-support/webhook-receiver';

const text = (to = '15550001') => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'hello' } });

describe('fault switches on POST /{phone-number-id}/messages', () => {
  let sandbox: RunningSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const send = (body: unknown = text()) =>
    graph(sandbox.graphBase, 'POST', `/${sandbox.seeded.phoneNumberId}/messages`, body);
  const fault = (body: unknown) => graph(sandbox.url, 'POST', '/_sandbox/faults', body, '');

  beforeEach(async () => {
    receiver = await startReceiver();
    // A 'timeout' send is held until the test's client gives up (or the sandbox closes, which releases it).
    sandbox = await startSandbox({ ...fastTestOptions, webhookUrl: receiver.url, faultTimeoutMs: 60_000 });
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it.each([131047, 131026])(
    '%s answers 200 with a wamid, then a failed status webhook carries the error',
    async (code) => {
      expect((await fault({ code })).status).toBe(201);
      const answer = await send();
      expect(answer.status).toBe(200);
      const wamid = answer.body.messages[0].id;
      await receiver.waitFor(1);
      await sandbox.waitForIdle();
      const statuses = receiver.statuses();
      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toMatchObject({ id: wamid, status: 'failed', recipient_id: '15550001', errors: [{ code }] });
      expect(typeof (statuses[0] as unknown as { errors: Array<{ title: string }> }).errors[0].title).toBe('string');
    },
  );

  it('190 answers HTTP 401 with an OAuthException, only for the next send', async () => {
    await fault({ code: 190 });
    const failed = await send();
    expect(failed.status).toBe(401);
    expect(failed.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect(typeof failed.body.error.fbtrace_id).toBe('string');
    expect((await send()).status).toBe(200);
  });

  it.each([
    [130429, 429],
    [131056, 429],
  ])('%s answers HTTP %s with the Graph error and details', async (code, httpStatus) => {
    await fault({ code });
    const failed = await send();
    expect(failed.status).toBe(httpStatus);
    expect(failed.body.error.code).toBe(code);
    expect(failed.body.error.error_data.details).toEqual(expect.any(String));
    expect(sandbox.state.messages).toHaveLength(0);
  });

  it('http500 and http429 answer with those HTTP statuses and store nothing', async () => {
    await fault({ code: 'http500' });
    await fault({ code: 'http429' });
    expect((await send()).status).toBe(500);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(sandbox.state.messages).toHaveLength(0);
  });

  it('timeout holds the answer past the client deadline, but the message still reaches the customer', async () => {
    await fault({ code: 'timeout' });
    const outbound = () => sandbox.state.messages.filter((message) => message.direction === 'outbound');
    const client = new AbortController();
    const answer = fetch(`${sandbox.graphBase}/${sandbox.seeded.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-token-demo', 'content-type': 'application/json' },
      body: JSON.stringify(text()),
      signal: client.signal,
    });
    // The client's deadline passes once the sandbox has the message (a busy machine may take long to deliver it).
    for (let waited = 0; outbound().length === 0 && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    client.abort();
    await expect(answer).rejects.toThrow();
    expect(outbound()).toHaveLength(1);
  });

  it('a fault for N sends hits exactly N, and a recipient fault only that recipient', async () => {
    await fault({ code: 130429, count: 2 });
    expect((await send()).status).toBe(429);
    expect((await send()).status).toBe(429);
    expect((await send()).status).toBe(200);

    await fault({ code: 190, recipient: '+15550009' });
    expect((await send(text('15550001'))).status).toBe(200);
    expect((await send(text('15550009'))).status).toBe(401);
    expect((await send(text('15550009'))).status).toBe(401);
    await graph(sandbox.url, 'DELETE', '/_sandbox/faults', undefined, '');
    expect((await send(text('15550009'))).status).toBe(200);
  });

  it('refuses an unknown fault code', async () => {
    const refused = await fault({ code: 999 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/code must be one of/);
  });
});
