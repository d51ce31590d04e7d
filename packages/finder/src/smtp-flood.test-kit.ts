import net from 'node:net';

// A hostile SMTP server on loopback: after `greeting` (if any) it writes `piece` again and
// again, as fast as the client takes it, until the client hangs up. It stops by itself after
// `limitBytes` so that a client without limits fails its test instead of the test process.
export async function floodingServer(options: {
  piece: string;
  greeting?: string;
  // Floods once the client has sent a line starting with this ('RCPT'); at once without it.
  after?: string;
  limitBytes?: number;
}) {
  const limit = options.limitBytes ?? 8_000_000;
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    let sent = 0;
    const flood = () => {
      while (sent < limit && !socket.destroyed) {
        sent += options.piece.length;
        if (!socket.write(options.piece)) {
          socket.once('drain', flood);
          return;
        }
      }
    };
    if (options.greeting) socket.write(options.greeting);
    if (!options.after) return flood();
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('latin1').split('\r\n')) {
        const verb = line.split(/[ :]/, 1)[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-flood\r\n250 PIPELINING\r\n');
        else if (verb === 'MAIL') socket.write('250 OK\r\n');
        else if (line.toUpperCase().startsWith(options.after!)) flood();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
