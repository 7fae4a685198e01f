/** A TCP pass-through the test can cut and restore, to take a service away from one process. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones (the service looks down). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    async close() {
      down = true;
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
