import type { Socket } from 'node:net';

// Holds every write (and the final end) of a socket for a while, in order: the lab's way
// to put a network's latency, or a tarpit, in front of each SMTP reply.
// The `220` that answers STARTTLS goes out at once: the TLS layer takes the socket over
// right after it, and a write queued behind the handshake would be lost.
export function delayReplies(socket: Socket, delayOf: (replyIndex: number) => number): void {
  const write = socket.write.bind(socket) as (chunk: string | Uint8Array) => boolean;
  const end = socket.end.bind(socket) as () => Socket;
  const queue: Array<{ due: number; run: () => void }> = [];
  let timer: NodeJS.Timeout | null = null;
  let lastDue = 0;
  let index = 0;

  const pump = (): void => {
    timer = null;
    const now = Date.now();
    // Replies due together leave in one write, as a server's pipelined replies do.
    socket.cork();
    while (queue.length > 0 && queue[0]!.due <= now) queue.shift()!.run();
    socket.uncork();
    const head = queue[0];
    if (head) timer = setTimeout(pump, head.due - now);
  };
  const schedule = (delay: number, run: () => void): void => {
    const now = Date.now();
    const due = Math.max(now + delay, lastDue);
    lastDue = due;
    queue.push({ due, run });
    if (!timer) timer = setTimeout(pump, due - now);
  };
  socket.once('close', () => {
    if (timer) clearTimeout(timer);
    queue.length = 0;
  });

  socket.write = ((chunk: string | Uint8Array) => {
    if (queue.length === 0 && index > 0 && /^220 .*TLS/i.test(String(chunk))) {
      index++;
      return write(chunk);
    }
    schedule(delayOf(index++), () => {
      if (!socket.destroyed) write(chunk);
    });
    return true;
  }) as typeof socket.write;
  socket.end = (() => {
    schedule(0, () => {
      if (!socket.destroyed) end();
    });
    return socket;
  }) as typeof socket.end;
}
