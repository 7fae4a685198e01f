/**
 * The channel's API test stack: the sandbox (Meta stand-in) in-process and the real server pointed at it
 * (GRAPH_API_BASE, app secret, verify token), an owner whose account is connected to the sandbox's seeded
 * number, and helpers for webhooks, sockets and waiting on asynchronous outcomes.
 */
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { serialiseLikeMeta } from '../fixtures/whatsapp';
import { findOrCreateContactByPhone } from '../../src/modules/contacts/service';
import { ensureConversation } from '../../src/modules/conversations/conversation-updates';
import { messages } from '../../src/modules/conversations/schema';
import { saveCredentials } from '../../src/modules/credentials/service';
import { connected, openSocket } from '../helpers/socket';
import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';
import { waitFor } from '../helpers/wait-for';

export const APP_SECRET = 'channel-test-app-secret';
export const VERIFY_TOKEN = 'channel-test-verify-token';
export const SEEDED = {
  wabaId: '100000000000001',
  phoneNumberId: '100000000000002',
  token: 'sandbox-token-demo',
  display: '15550001000',
};

export interface ChannelStack {
  server: TestServer;
  sandbox: RunningSandbox;
  owner: TestUser;
  token: string;
  close(): Promise<void>;
  /** POSTs a webhook body signed like Meta (unless told otherwise). */
  postWebhook(
    payload: unknown,
    options?: { signature?: string | null; raw?: string },
  ): Promise<{ status: number; body: any }>;
  /** Calls the sandbox's control API. */
  control<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  /** A customer of the sandbox writes to the business; resolves with our stored conversation id. */
  customerWrites(phone: string, text: string, name?: string): Promise<{ conversationId: string; wamid: string }>;
}

export interface StackOptions {
  statusDelaysMs?: { sent: number; delivered: number; read: number };
  faultTimeoutMs?: number;
  /** Leave the account without a WhatsApp connection. */
  unconnected?: boolean;
  /** How long the sandbox's media download URLs live (0: expired at once). */
  mediaUrlTtlMs?: number;
}

/** Unix seconds as Meta writes them (a string), `offsetSeconds` from `at` (now unless given). */
export const nowSeconds = (offsetSeconds = 0, at = Date.now()) => String(Math.floor(at / 1000) + offsetSeconds);

export { waitFor };

export async function startChannelStack(options: StackOptions = {}): Promise<ChannelStack> {
  const sandbox = await startSandbox({
    port: 0,
    appSecret: APP_SECRET,
    verifyToken: VERIFY_TOKEN,
    webhookUrl: 'http://127.0.0.1:9/not-yet',
    statusDelaysMs: options.statusDelaysMs ?? { sent: 30, delivered: 60, read: 90 },
    webhook: { maxAttempts: 6, retryBaseMs: 100, retryMaxMs: 500, timeoutMs: 5_000 },
    faultTimeoutMs: options.faultTimeoutMs ?? 3_000,
    ...(options.mediaUrlTtlMs !== undefined ? { mediaUrlTtlMs: options.mediaUrlTtlMs } : {}),
  });
  let server: TestServer;
  try {
    server = await startTestServer({
      env: { GRAPH_API_BASE: sandbox.graphBase, WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN },
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  sandbox.state.delivery.webhookUrl = `${server.url}/webhooks/whatsapp`;
  const { token, ...owner } = await server.signedInOwner();
  if (!options.unconnected) {
    await saveCredentials(
      { db: server.db, config: server.config },
      {
        accountId: owner.accountId,
        wabaId: SEEDED.wabaId,
        phoneNumberId: SEEDED.phoneNumberId,
        token: SEEDED.token,
        displayPhoneNumber: SEEDED.display,
      },
    );
  }

  const api = async (method: string, path: string, body?: unknown, as = token) => {
    const answer = await server.request(method, path, { body, token: as });
    return { status: answer.status, body: answer.body };
  };

  return {
    server,
    sandbox,
    owner,
    token,
    api,
    async close() {
      await sandbox.close();
      await server.close();
    },
    async postWebhook(payload, { signature, raw } = {}) {
      noteCustomerMessages(sandbox, payload);
      const body = raw ?? serialiseLikeMeta(payload);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const header = signature === undefined ? signWebhookBody(body, APP_SECRET) : signature;
      if (header !== null) headers['x-hub-signature-256'] = header;
      const response = await fetch(`${server.url}/webhooks/whatsapp`, { method: 'POST', headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // keep text
      }
      return { status: response.status, body: parsed };
    },
    async control(method, path, body) {
      const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    async customerWrites(phone, text, name = 'Sandbox Customer') {
      const sent = sandbox.inbound({ from: `+${phone}`, name, type: 'text', text } as never);
      const conversationId = await waitFor(async () => {
        const list = await api('GET', `/api/conversations?q=${phone}`);
        const found = (list.body.list as Array<{ id: string; contact: { phone: string } }>).find(
          (row) => row.contact.phone === phone,
        );
        if (!found) return undefined;
        const detail = await api('GET', `/api/conversations/${found.id}`);
        return (detail.body.messages as Array<{ content: { text?: string } }>).some(
          (message) => message.content.text === text,
        )
          ? found.id
          : undefined;
      }, `the customer's message "${text}"`);
      return { conversationId, wamid: sent.wamid };
    },
  };
}

/**
 * A webhook posted straight to the server stands for a message that went through Meta: the sandbox (Meta) learns
 * of it too, so its 24-hour window for that customer opens as it would have.
 */
function noteCustomerMessages(sandbox: RunningSandbox, payload: unknown): void {
  const entries = (payload as { entry?: Array<{ changes?: Array<{ value?: { messages?: unknown[] } }> }> })?.entry;
  for (const change of (Array.isArray(entries) ? entries : []).flatMap((entry) => entry.changes ?? [])) {
    for (const message of change.value?.messages ?? []) {
      const { from, timestamp } = message as { from?: unknown; timestamp?: unknown };
      if (typeof from !== 'string' || !from) continue;
      const customer = sandbox.state.upsertCustomer(from.replace(/\D/g, ''));
      const at = Number(timestamp) * 1000 || Date.now();
      customer.lastInboundAt = Math.max(customer.lastInboundAt ?? 0, at);
    }
  }
}

export interface SocketRecorder {
  socket: Socket;
  events: any[];
  waitForEvent(predicate: (event: any) => boolean, what: string, timeoutMs?: number): Promise<any>;
  close(): void;
}

/** A socket.io client that records every `message` event. */
export async function recordSocket(server: TestServer, token: string): Promise<SocketRecorder> {
  const socket = openSocket(server.url, token);
  const events: any[] = [];
  socket.on('message', (event: unknown) => events.push(event));
  await connected(socket, 'connect');
  return {
    socket,
    events,
    waitForEvent: (predicate, what, timeoutMs = 10_000) => waitFor(async () => events.find(predicate), what, timeoutMs),
    close: () => void socket.close(),
  };
}

export interface EventRecorder {
  socket: Socket;
  events: Array<{ name: string; payload: any }>;
  /** The first recorded `name` event whose payload satisfies `predicate`. */
  waitFor(name: string, predicate: (payload: any) => boolean, what: string, timeoutMs?: number): Promise<any>;
}

/**
 * A socket.io client that records the named events, returned once the user counts as online (a connecting socket
 * receives the online list once presence has it). Closed with the others in `sockets`.
 */
export async function recordEvents(
  server: Pick<TestServer, 'url'>,
  token: string,
  names: string[],
  sockets: Socket[],
): Promise<EventRecorder> {
  const socket = openSocket(server.url, token);
  sockets.push(socket);
  const events: EventRecorder['events'] = [];
  for (const name of names) socket.on(name, (payload: unknown) => events.push({ name, payload }));
  await connected(socket);
  return {
    socket,
    events,
    waitFor: (name, predicate, what, timeoutMs = 15_000) =>
      waitFor(
        async () => events.find((event) => event.name === name && predicate(event.payload))?.payload,
        what,
        timeoutMs,
      ),
  };
}

/** Rows straight from the database, for checks the API cannot make (nothing stored, counts). */
export async function storedMessages(stack: ChannelStack, where: { wamid?: string; conversationId?: string }) {
  const conditions = [eq(messages.accountId, stack.owner.accountId)];
  if (where.wamid) conditions.push(eq(messages.wamid, where.wamid));
  if (where.conversationId) conditions.push(eq(messages.conversationId, where.conversationId));
  return stack.server.db
    .select()
    .from(messages)
    .where(and(...conditions));
}

/** An outgoing message already accepted by WhatsApp (wamid known), for status and reaction webhooks. */
export async function insertSentMessage(stack: ChannelStack, phone: string, wamid: string, text = 'Our answer') {
  return stack.server.db.transaction(async (tx) => {
    const contact = await findOrCreateContactByPhone(tx as never, stack.owner.accountId, phone, null);
    const conversation = await ensureConversation(tx, stack.owner.accountId, contact.id);
    const [row] = await tx
      .insert(messages)
      .values({
        accountId: stack.owner.accountId,
        conversationId: conversation.id,
        type: 'text',
        direction: 'outgoing',
        content: { text },
        wamid,
        status: 'sent',
      })
      .returning();
    return row;
  });
}
