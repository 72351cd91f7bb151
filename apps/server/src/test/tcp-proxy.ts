import net from 'node:net';

/** A loopback TCP relay the tests cut and restore, to take a database or a broker away from the server. */
export interface TcpProxy {
  port: number;
  /** The same URL with host and port pointing at the relay. */
  through(url: string): string;
  /** Drops every relayed connection and refuses new ones (accepted, then closed at once). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((inbound) => {
    track(inbound);
    if (down) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(target.port, target.host);
    track(outbound);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.once('close', () => outbound.destroy());
    outbound.once('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    through: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      down = false;
    },
    close: async () => {
      down = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
