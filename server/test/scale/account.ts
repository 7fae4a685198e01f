/**
 * One account seen from several processes: users and its WhatsApp connection written straight into the shared
 * database, logins over HTTP, agents' sockets recorded, webhooks signed like Meta's.
 */
import crypto from 'node:crypto';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { openSocket } from '../helpers/socket';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { fixtureDefaults, inboundWebhook, serialiseLikeMeta, type InboundFixtureKind } from '../fixtures/whatsapp';
import { loadConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { accounts } from '../../src/modules/accounts/schema';
import { createPasswordHasher } from '../../src/modules/auth/passwords';
import { users, type UserRole } from '../../src/modules/users/schema';
import { saveCredentials } from '../../src/modules/credentials/service';
import { APP_SECRET, ENCRYPTION_KEY, waitFor, type Cluster } from './cluster';

export interface ScaleUser {
  id: string;
  email: string;
  password: string;
}

export interface ScaleAccount {
  accountId: string;
  owner: ScaleUser;
  db: DatabaseHandle;
  addUser(name: string, role?: UserRole): Promise<ScaleUser>;
  close(): Promise<void>;
}

/** An account with an owner and a WhatsApp connection on the fixtures' phone number id. */
export async function createScaleAccount(cluster: Cluster): Promise<ScaleAccount> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster.database.url, DB_POOL_MAX: '2' });
  const db = await openDatabase(config);
  // Cheap hashes keep the test fast; a login verifies with the parameters stored in the hash.
  const hasher = createPasswordHasher(config.auth.passwordHashing);
  const [account] = await db.db.insert(accounts).values({ name: 'Scale Test' }).returning({ id: accounts.id });
  const addUser = async (name: string, role: UserRole = 'agent'): Promise<ScaleUser> => {
    const email = `${name}-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const password = `${name} password`;
    const [row] = await db.db
      .insert(users)
      .values({
        accountId: account.id,
        fullName: name,
        title: 'Support',
        email,
        passwordHash: await hasher.hash(password),
        role,
        status: 'active',
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    return { id: row.id, email, password };
  };
  const owner = await addUser('owner', 'owner');
  await saveCredentials(
    { db: db.db, config: { encryptionKey: Buffer.from(ENCRYPTION_KEY, 'base64') } },
    {
      accountId: account.id,
      wabaId: fixtureDefaults.wabaId,
      phoneNumberId: fixtureDefaults.phoneNumberId,
      displayPhoneNumber: fixtureDefaults.displayPhoneNumber,
      token: 'scale-test-graph-token',
    },
  );
  return { accountId: account.id, owner, db, addUser, close: () => db.close() };
}

/** What a scale test starts and must stop: a cluster or nginx (stop), a proxy or fake Graph (close). */
export type Stoppable = { stop(): Promise<unknown> } | { close(): Promise<unknown> };

/**
 * A scale test's teardown: closes its sockets, then its account's database handle, then stops the rest in the
 * order given (any of them may not have started).
 */
export async function tearDown(
  sockets: RecordedSocket[],
  account: ScaleAccount | undefined,
  ...rest: Array<Stoppable | undefined>
): Promise<void> {
  for (const recorded of sockets) recorded.socket.close();
  await account?.close();
  for (const started of rest) {
    if (started) await ('stop' in started ? started.stop() : started.close());
  }
}

export async function login(baseUrl: string, user: ScaleUser): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token)
    throw new Error(`login ${user.email} at ${baseUrl}: ${response.status} ${body.message}`);
  return body.token;
}

export interface MessageEventPayload {
  conversationId: string;
  message: { id: string; type: string; content: { text?: string; url?: string; mediaUnavailable?: boolean } };
}

/** A connected socket that keeps every `getOnline` list and `message` event it receives. */
export interface RecordedSocket {
  socket: Socket;
  onlineLists: string[][];
  messages: MessageEventPayload[];
  events: string[];
  latestOnline(): string[] | undefined;
  /** Resolves with the first getOnline list (already received or coming) that satisfies `predicate`. */
  onlineWhere(predicate: (ids: string[]) => boolean, what: string, timeoutMs?: number): Promise<string[]>;
  messageWhere(
    predicate: (event: MessageEventPayload) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<MessageEventPayload>;
}

export async function recordSocket(
  baseUrl: string,
  token: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<RecordedSocket> {
  const socket = openSocket(baseUrl, token, options);
  const recorded: RecordedSocket = {
    socket,
    onlineLists: [],
    messages: [],
    events: [],
    latestOnline: () => recorded.onlineLists.at(-1),
    onlineWhere: (predicate, what, timeoutMs = 10_000) =>
      waitFor(
        () => {
          const latest = recorded.latestOnline();
          return latest && predicate(latest) ? latest : undefined;
        },
        what,
        timeoutMs,
      ),
    messageWhere: (predicate, what, timeoutMs = 10_000) =>
      waitFor(() => recorded.messages.find(predicate), what, timeoutMs),
  };
  socket.onAny((event: string) => recorded.events.push(event));
  socket.on('getOnline', (ids: string[]) => recorded.onlineLists.push([...ids].sort()));
  socket.on('message', (event: MessageEventPayload) => recorded.messages.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket to ${baseUrl}: ${error.message}`)));
  });
  return recorded;
}

let wamidCounter = 0;
/** A fresh message id shaped like Meta's. */
export const newWamid = () =>
  `wamid.SCALE${Date.now().toString(36)}${(wamidCounter += 1)}${crypto.randomBytes(6).toString('hex')}`;

/** The fixture webhook of `kind`, with its own wamid (and for text, its own words). */
export function webhookBody(
  kind: InboundFixtureKind,
  options: { text?: string; wamid?: string; from?: string } = {},
): string {
  const payload = inboundWebhook(kind, {
    wamid: options.wamid ?? newWamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...(options.from ? { from: options.from } : {}),
  }) as { entry: Array<{ changes: Array<{ value: { messages: Array<{ text?: { body: string } }> } }> }> };
  if (options.text !== undefined) payload.entry[0].changes[0].value.messages[0].text = { body: options.text };
  return serialiseLikeMeta(payload);
}

/** POSTs a webhook body to one process, signed with the app secret; resolves with the status. */
export async function postWebhook(baseUrl: string, body: string): Promise<number> {
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
    body,
  });
  await response.text();
  return response.status;
}
