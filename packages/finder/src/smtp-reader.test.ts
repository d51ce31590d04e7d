import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { floodingServer } from './smtp-flood.test-kit.ts';
import {
  createReplyReader,
  maxReplyBytes,
  maxReplyLineBytes,
  maxUnreadBytes,
  oversizedReplyText,
} from './smtp-reader.ts';

// A reader on a connection to `server` that keeps the most bytes it held after any chunk.
function readerOn(server: { port: number }) {
  const socket = net.connect({ host: '127.0.0.1', port: server.port });
  socket.on('error', () => {});
  const reader = createReplyReader(socket);
  let peak = 0;
  socket.on('data', () => {
    peak = Math.max(peak, reader.keptBytes());
  });
  return { socket, reader, peak: () => peak };
}

// Reads from a flooding server until the reader gives up (or the server stops).
async function readFlood(flood: Parameters<typeof floodingServer>[0]) {
  const server = await floodingServer(flood);
  const { socket, reader, peak } = readerOn(server);
  const replies = [];
  for (;;) {
    const reply = await reader.next(5_000);
    replies.push(reply);
    if (reply.code === 0) break;
  }
  socket.destroy();
  await server.close();
  return { replies, peak: peak(), kept: reader.keptBytes() };
}

describe('the SMTP reply reader', () => {
  it('cuts off a server that sends one multi-line reply forever, holding at most one reply', async () => {
    const { replies, peak, kept } = await readFlood({
      piece: `220-${'x'.repeat(70)}\r\n`.repeat(100),
    });
    expect(replies).toEqual([{ code: 0, enhanced: null, text: oversizedReplyText }]);
    expect(peak).toBeLessThanOrEqual(maxReplyBytes + maxReplyLineBytes);
    expect(kept).toBe(0);
  });

  it('cuts off a server that sends a line without an end', async () => {
    const { replies, peak, kept } = await readFlood({ piece: 'x'.repeat(7_000) });
    expect(replies).toEqual([{ code: 0, enhanced: null, text: oversizedReplyText }]);
    expect(peak).toBeLessThanOrEqual(maxReplyLineBytes);
    expect(kept).toBe(0);
  });

  it('cuts off a server that sends replies nobody asked for faster than they are read', async () => {
    const server = await floodingServer({ piece: '250 OK\r\n'.repeat(1_000) });
    const { socket, reader, peak } = readerOn(server);
    await new Promise((resolve) => socket.once('close', resolve));
    expect(reader.isClosed()).toBe(true);
    expect(peak()).toBeLessThanOrEqual(maxUnreadBytes + maxReplyLineBytes);
    // The replies received before the cut are still read in order, then the cut.
    let reply = await reader.next(1_000);
    while (reply.code === 250) reply = await reader.next(1_000);
    expect(reply.text).toBe(oversizedReplyText);
    await server.close();
  });

  it('reads a long but lawful reply whole: 99 lines of 512 octets', async () => {
    const line = (more: boolean) => `250${more ? '-' : ' '}${'y'.repeat(506)}\r\n`;
    const server = await floodingServer({
      piece: Array.from({ length: 99 }, (_, i) => line(i < 98)).join(''),
      limitBytes: 1,
    });
    const { socket, reader } = readerOn(server);
    const reply = await reader.next(5_000);
    expect(reply.code).toBe(250);
    expect(reply.text.split('\n')).toHaveLength(99);
    socket.destroy();
    await server.close();
  });
});
