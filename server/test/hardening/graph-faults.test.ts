/**
 * Graph faults under concurrency. test/channel/send-faults.test.ts checks each fault alone; here every fault hits
 * at once, in eight conversations sending three messages each, and each message must end either sent once
 * (retried where WhatsApp refused it for now) or as a visible failure with its reason — in the API and on the
 * socket, as the agent sees it — with 0 duplicate sends counted in the sandbox. Then a double-clicked retry
 * must send once.
 */
import type { Socket } from 'socket.io-client';
import { channelTiming } from '../../src/modules/conversations/timing';
import { startHardeningStack, waitFor, type HardeningStack, STACK_START_MS } from './hardening-stack';

let stack: HardeningStack;
let socket: Socket;
const lastEvent = new Map<
  string,
  { status: string; error: { code: number | string; title: string; details?: string } | null }
>();
const savedTiming = { ...channelTiming, sendBackoff: { ...channelTiming.sendBackoff } };

beforeAll(async () => {
  stack = await startHardeningStack();
  channelTiming.sendBackoff = { baseMs: 50, maxMs: 200 };
  socket = await stack.openSocket(stack.a.agent.token);
  socket.on('message', (event: { message: { id: string; status: string; error: never } }) =>
    lastEvent.set(event.message.id, { status: event.message.status, error: event.message.error }),
  );
}, STACK_START_MS);
afterAll(async () => {
  Object.assign(channelTiming, savedTiming);
  socket?.close();
  await stack?.close();
});

let counter = 0;
async function newConversation(): Promise<{ phone: string; id: string }> {
  counter += 1;
  const phone = `1777${String(Date.now()).slice(-5)}${String(counter).padStart(3, '0')}`;
  stack.sandbox.inbound({
    from: `+${phone}`,
    name: `Fault ${counter}`,
    type: 'text',
    text: 'hi',
    phoneNumberId: stack.a.phoneNumberId,
  } as never);
  const conversation = await waitFor(async () => {
    const list = await stack.server.request('GET', `/api/conversations?q=${phone}`, { token: stack.a.owner.token });
    return list.body.list?.[0] as { id: string } | undefined;
  }, `the conversation of ${phone}`);
  return { phone, id: conversation.id };
}

const outboundTexts = async (phone: string): Promise<string[]> =>
  ((await stack.control('GET', `/outbound?to=${phone}`)) as Array<{ payload: { text?: { body: string } } }>).map(
    (m) => m.payload.text?.body ?? '',
  );

interface Expectation {
  fault: number | string | null;
  count?: number;
  /** What the first message of the conversation ends as. */
  first: { status: 'read' | 'failed'; code?: number | string; copies: number };
}

const CASES: Expectation[] = [
  { fault: 'http500', first: { status: 'failed', code: 131000, copies: 0 } },
  { fault: 'timeout', first: { status: 'failed', code: 'timeout', copies: 1 } },
  { fault: 130429, count: 2, first: { status: 'read', copies: 1 } },
  { fault: 131056, first: { status: 'read', copies: 1 } },
  { fault: 'http429', first: { status: 'read', copies: 1 } },
  // 190 (token refused) disconnects the whole account and holds its sends: test/channel/connection-lost.test.ts.
  { fault: 131047, first: { status: 'failed', code: 131047, copies: 1 } },
  { fault: 131026, first: { status: 'failed', code: 131026, copies: 1 } },
  { fault: null, first: { status: 'read', copies: 1 } },
];

describe('Graph faults, all at once', () => {
  it('ends every send as sent once or as a visible failure with its reason, never twice', async () => {
    const conversations = [];
    for (const expectation of CASES) conversations.push({ ...(await newConversation()), expectation });
    for (const { phone, expectation } of conversations) {
      if (expectation.fault !== null)
        await stack.control('POST', '/faults', {
          code: expectation.fault,
          recipient: phone,
          count: expectation.count ?? 1,
        });
    }
    const sendRequestsBefore = (await stack.control('GET', '/counters')).sendRequests as number;
    const send = async (conversation: { id: string; phone: string; expectation: Expectation }, i: number) => {
      const text = `fault ${String(conversation.expectation.fault)} #${i} to ${conversation.phone}`;
      const answer = await stack.server.request('POST', `/api/conversations/${conversation.id}`, {
        token: stack.a.agent.token,
        body: { text },
      });
      expect(answer.status).toBe(201);
      return { id: answer.body.id as string, text };
    };

    // The 'timeout' fault's first send runs under a Graph time-out shorter than the sandbox's 2 s hold, so it
    // times out whatever the machine's speed (both timers run in this process, the shorter one fires first).
    // Every other send keeps the normal time-out: on a busy machine a short one would time out ordinary sends.
    const timeoutCase = conversations.find((conversation) => conversation.expectation.fault === 'timeout')!;
    channelTiming.graphTimeoutMs = 1_500;
    const heldSend = await send(timeoutCase, 0);
    await waitFor(async () => (await outboundTexts(timeoutCase.phone)).includes(heldSend.text), 'the held send');
    channelTiming.graphTimeoutMs = savedTiming.graphTimeoutMs;

    // Three messages per conversation, all conversations at the same time.
    const sent = await Promise.all(
      conversations.map(async (conversation) => {
        const ids = conversation === timeoutCase ? [heldSend] : [];
        while (ids.length < 3) ids.push(await send(conversation, ids.length));
        return { ...conversation, messages: ids };
      }),
    );

    const detailOf = async (id: string) =>
      (await stack.server.request('GET', `/api/conversations/${id}`, { token: stack.a.agent.token })).body
        .messages as Array<{
        id: string;
        status: string;
        error: { code: number | string; title: string } | null;
      }>;
    await waitFor(
      async () => {
        for (const conversation of sent) {
          const detail = await detailOf(conversation.id);
          for (const { id } of conversation.messages) {
            const status = detail.find((m) => m.id === id)?.status;
            if (status !== 'read' && status !== 'failed') return false;
          }
        }
        return true;
      },
      'every send to settle',
      30_000,
    );
    await stack.sandbox.waitForIdle(10_000);

    let expectedRequests = 0;
    for (const conversation of sent) {
      const { expectation } = conversation;
      const detail = await detailOf(conversation.id);
      const outbound = await outboundTexts(conversation.phone);
      const [first, ...rest] = conversation.messages.map(({ id, text }) => ({
        text,
        view: detail.find((m) => m.id === id),
        copies: outbound.filter((body) => body === text).length,
        socket: lastEvent.get(id),
      }));
      const where = `fault ${String(expectation.fault)}`;
      // The first message: sent once after retries, or failed with Meta's code and a readable title.
      expect({ where, status: first.view?.status, copies: first.copies }).toEqual({
        where,
        status: expectation.first.status,
        copies: expectation.first.copies,
      });
      if (expectation.first.status === 'failed') {
        // Meta's error_data.details come along; our own time-out has none.
        expect(first.view?.error).toEqual({
          code: expectation.first.code,
          title: expect.stringMatching(/\w{4,}/),
          ...(expectation.first.code === 'timeout' ? {} : { details: expect.stringMatching(/\w{4,}/) }),
        });
        // The agent's screen learnt it too.
        expect(first.socket).toEqual({ status: 'failed', error: first.view?.error });
      } else {
        expect(first.view?.error).toBeNull();
      }
      // The messages after it went out once each, in order, with no error (a failure here names its reason: which
      // of the send job, our time-out or a status webhook failed it).
      for (const message of rest)
        expect({ where, status: message.view?.status, error: message.view?.error, copies: message.copies }).toEqual({
          where,
          status: 'read',
          error: null,
          copies: 1,
        });
      const order = outbound.filter((body) => conversation.messages.some((m) => m.text === body));
      expect(order).toEqual(conversation.messages.map((m) => m.text).filter((text) => order.includes(text)));
      expectedRequests +=
        3 +
        (expectation.fault !== null && ['http429', 131056, 130429].includes(expectation.fault)
          ? (expectation.count ?? 1)
          : 0);
    }
    // No send request beyond the retries of refused-for-now sends: nothing was sent twice behind our back.
    expect((await stack.control('GET', '/counters')).sendRequests - sendRequestsBefore).toBe(expectedRequests);
  });

  it('shows a template Meta does not know as failed with Meta’s code, sent nowhere', async () => {
    const { phone, id } = await newConversation();
    const created = await stack.server.request('POST', `/api/conversations/${id}/template`, {
      token: stack.a.agent.token,
      body: { name: 'no_such_template', language: 'en_US' },
    });
    expect(created.status).toBe(201);
    const messageId = created.body.id as string;
    await waitFor(async () => lastEvent.get(messageId)?.status === 'failed', 'the refusal', 15_000);
    expect(lastEvent.get(messageId)?.error).toEqual({
      code: 132001,
      title: expect.stringMatching(/\w{4,}/),
      details: expect.stringMatching(/no_such_template/),
    });
    expect(await stack.control('GET', `/outbound?to=${phone}`)).toEqual([]);
  });

  it('sends a failed message once more when its retry is clicked twice at the same time', async () => {
    const { phone, id } = await newConversation();
    await stack.control('POST', '/faults', { code: 'http500', recipient: phone, count: 1 });
    const text = `double click ${phone}`;
    const created = await stack.server.request('POST', `/api/conversations/${id}`, {
      token: stack.a.agent.token,
      body: { text },
    });
    const messageId = created.body.id as string;
    await waitFor(async () => lastEvent.get(messageId)?.status === 'failed', 'the failure');

    const clicks = await Promise.all(
      [stack.a.agent.token, stack.a.owner.token, stack.a.agent.token].map((token) =>
        stack.server.request('POST', `/api/conversations/${id}/messages/${messageId}/retry`, { token }),
      ),
    );
    expect(clicks.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    await waitFor(async () => lastEvent.get(messageId)?.status === 'read', 'the retried message to be read');
    await stack.sandbox.waitForIdle(10_000);
    expect((await outboundTexts(phone)).filter((body) => body === text)).toHaveLength(1);
  });
});
