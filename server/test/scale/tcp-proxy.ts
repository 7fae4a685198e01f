/** A TCP pass-through the test can cut and restore, to take a service away from one process. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /**
   * Drops every connection and stops listening, so new connections are refused by the system at once, as when the
   * service is down (refusing them in this process would make the outage as slow as a busy test process).
   */
  cut(): void;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () => {
    if (server.listening) server.close();
    for (const socket of open) socket.destroy();
  };
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    async close() {
      stop();
      await new Promise<void>((resolve) => (open.size ? setImmediate(resolve) : resolve()));
    },
  };
}
