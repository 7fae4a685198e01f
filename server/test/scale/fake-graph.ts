/**
 * A stand-in for the Graph API's media endpoints that knows which Parley process calls it: each process gets
 * its own base (`/<process>/v22.0`). A process can be told to hang (its download never answers: the job stays
 * in flight); the others are served a small file.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphBehaviour = 'serve' | 'hang';

export interface FakeGraph {
  baseFor(processName: string): string;
  /** How each process's calls are answered (default 'serve'). */
  behave(processName: string, behaviour: GraphBehaviour): void;
  /** Processes whose call is hanging now. */
  hanging(): string[];
  /** Successful media files served, per process. */
  served: Record<string, number>;
  close(): Promise<void>;
}

export const MEDIA_BYTES = Buffer.from('scale-test-media-bytes');

export async function startFakeGraph(): Promise<FakeGraph> {
  const behaviours = new Map<string, GraphBehaviour>();
  const hung = new Map<string, http.ServerResponse[]>();
  const served: Record<string, number> = {};
  let origin = '';

  const server = http.createServer((request, response) => {
    const [processName, ...rest] = (request.url ?? '').split('?')[0].split('/').filter(Boolean);
    const behaviour = behaviours.get(processName) ?? 'serve';
    if (behaviour === 'hang') {
      hung.set(processName, [...(hung.get(processName) ?? []), response]);
      response.on('close', () =>
        hung.set(
          processName,
          (hung.get(processName) ?? []).filter((r) => r !== response),
        ),
      );
      return;
    }
    if (rest[0] === 'files') {
      served[processName] = (served[processName] ?? 0) + 1;
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': MEDIA_BYTES.length });
      return void response.end(MEDIA_BYTES);
    }
    // GET /<process>/v22.0/<mediaId>: the media's short-lived URL.
    const mediaId = rest.at(-1) ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: mediaId,
        url: `${origin}/${processName}/files/${mediaId}`,
        mime_type: 'image/jpeg',
        // Meta's sha256 of the file: Parley checks the download against it.
        sha256: createHash('sha256').update(MEDIA_BYTES).digest('base64'),
        file_size: MEDIA_BYTES.length,
        messaging_product: 'whatsapp',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseFor: (processName) => `${origin}/${processName}/v22.0`,
    behave: (processName, behaviour) => void behaviours.set(processName, behaviour),
    hanging: () => [...hung].filter(([, responses]) => responses.length > 0).map(([name]) => name),
    served,
    async close() {
      for (const responses of hung.values()) for (const response of responses) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
