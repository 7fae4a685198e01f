import Fastify from 'fastify';
import type { SandboxOptionsInput } from '../config';
import { startSandbox } from '../sandbox';

export interface ReceivedWebhook {
  raw: Buffer;
  body: any;
  signature: string | undefined;
  answeredWith: number;
}

/** A plain fastify webhook receiver for tests: keeps the raw bytes, answers with the statuses it is given. */
export async function startReceiver(answer: (attempt: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/webhook', async (request, reply) => {
    const raw = request.body as Buffer;
    const answeredWith = answer(received.length + 1);
    received.push({
      raw,
      body: JSON.parse(raw.toString('utf8')),
      signature: request.headers['x-hub-signature-256'] as string | undefined,
      answeredWith,
    });
    return reply.code(answeredWith).send(answeredWith === 204 ? undefined : 'ok');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    /** Resolves once `count` webhooks have arrived. */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    statuses(): Array<{ id: string; status: string; errors?: Array<{ code: number }> }> {
      return received.flatMap((webhook) =>
        webhook.body.entry.flatMap((entry: any) => entry.changes.flatMap((change: any) => change.value.statuses ?? [])),
      );
    },
    messages(): any[] {
      return received.flatMap((webhook) =>
        webhook.body.entry.flatMap((entry: any) => entry.changes.flatMap((change: any) => change.value.messages ?? [])),
      );
    },
    close: () => app.close(),
  };
}

export const fastTestOptions = {
  port: 0,
  statusDelaysMs: { sent: 10, delivered: 30, read: 50 },
  webhook: { retryBaseMs: 10, retryMaxMs: 50, maxAttempts: 4, timeoutMs: 2000 },
  outboxDir: '/nonexistent-outbox',
};

/** A sandbox for tests that read no webhooks: they go to a closed port, tried once. */
export const startSandboxWithoutWebhooks = (options: SandboxOptionsInput = {}) =>
  startSandbox({
    ...fastTestOptions,
    webhookUrl: 'http://127.0.0.1:9/unused',
    ...options,
    webhook: { maxAttempts: 1 },
  });

export async function graph(base: string, method: string, route: string, body?: unknown, token = 'sandbox-token-demo') {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}
