import { SSE_RETRY_MS } from '@mailhound/contracts';
import type { FastifyReply } from 'fastify';

export type EventStream = {
  // `event` undefined sends a plain data message (the browser's default 'message' event).
  send: (event: string | undefined, data: unknown) => void;
  end: () => void;
  // Aborted when the client goes away before the stream ends.
  signal: AbortSignal;
};

// A comment line now and then keeps proxies from closing a quiet stream (greylisting waits).
const keepAliveMs = 15_000;

// Takes the response over from Fastify and writes text/event-stream by hand: each event is
// written (and so flushed) as soon as it is sent.
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const response = reply.raw;
  const gone = new AbortController();
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${SSE_RETRY_MS}\n\n`);
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
  keepAlive.unref();
  response.on('close', () => {
    clearInterval(keepAlive);
    if (!response.writableFinished) gone.abort();
  });

  function write(text: string) {
    if (!response.writableEnded && !response.destroyed) response.write(text);
  }

  return {
    send: (event, data) => {
      write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      clearInterval(keepAlive);
      if (!response.writableEnded) response.end();
    },
    signal: gone.signal,
  };
}
