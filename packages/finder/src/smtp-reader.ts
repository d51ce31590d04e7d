import type net from 'node:net';
import { parseReply, type SmtpReply } from './smtp-reply.ts';

// RFC 5321 §4.5.3.1.5 allows 512 octets per reply line; like Postfix we take some slack.
export const maxReplyLineBytes = 1_000;
export const maxReplyLines = 100;
export const maxReplyBytes = 65_536;
// Replies received and not yet read: 500 pipelined RCPTs at the full line length.
export const maxUnreadBytes = 256_000;

export const oversizedReplyText = 'The mail server sent a reply longer than SMTP allows';

export const lostReply = (text: string): SmtpReply => ({ code: 0, enhanced: null, text });

export class ReplyTimeout extends Error {}

export interface ReplyReader {
  attach: (socket: net.Socket) => void;
  detach: () => void;
  isClosed: () => boolean;
  // Bytes held for replies not yet read: a server cannot make this grow past the limits.
  keptBytes: () => number;
  next: (timeoutMs: number) => Promise<SmtpReply>;
}

// Whole replies over a socket, in order, each with a deadline. A server that sends more than
// SMTP allows (a longer line or reply, or replies nobody asked for) is cut off: the socket is
// destroyed and every reply still owed is lost, as when the server drops the connection.
export function createReplyReader(initial: net.Socket): ReplyReader {
  let socket = initial;
  let buffer = '';
  let current: string[] = [];
  let currentBytes = 0;
  const replies: Array<{ reply: SmtpReply; bytes: number }> = [];
  let unreadBytes = 0;
  let waiter: (() => void) | null = null;
  let closedText: string | null = null;
  const cutOff = () => {
    closedText = oversizedReplyText;
    buffer = '';
    current = [];
    currentBytes = 0;
    socket.destroy();
  };
  const takeLine = (line: string): boolean => {
    if (line.length > maxReplyLineBytes) return false;
    current.push(line);
    currentBytes += line.length;
    if (current.length > maxReplyLines || currentBytes > maxReplyBytes) return false;
    if (line.length < 4 || line[3] !== '-') {
      replies.push({ reply: parseReply(current), bytes: currentBytes });
      unreadBytes += currentBytes;
      current = [];
      currentBytes = 0;
      if (unreadBytes > maxUnreadBytes) return false;
    }
    return true;
  };
  const onData = (chunk: Buffer) => {
    if (closedText !== null) return;
    buffer += chunk.toString('latin1');
    let start = 0;
    let index = buffer.indexOf('\n');
    while (index >= 0) {
      if (!takeLine(buffer.slice(start, index).replace(/\r$/, ''))) {
        cutOff();
        break;
      }
      start = index + 1;
      index = buffer.indexOf('\n', start);
    }
    if (closedText === null) {
      buffer = buffer.slice(start);
      if (buffer.length > maxReplyLineBytes) cutOff();
    }
    waiter?.();
  };
  const onClose = () => {
    closedText ??= 'Connection closed by the mail server';
    waiter?.();
  };
  const attach = (s: net.Socket) => {
    socket = s;
    s.on('data', onData);
    s.on('close', onClose);
    s.on('end', onClose);
  };
  attach(initial);
  return {
    detach: () => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('end', onClose);
    },
    attach,
    isClosed: () => closedText !== null,
    keptBytes: () => buffer.length + currentBytes + unreadBytes,
    next: (timeoutMs) =>
      new Promise((resolve, reject) => {
        const take = (): boolean => {
          const unread = replies.shift();
          if (unread) {
            unreadBytes -= unread.bytes;
            resolve(unread.reply);
            return true;
          }
          if (closedText !== null) {
            resolve(lostReply(closedText));
            return true;
          }
          return false;
        };
        if (take()) return;
        const timer = setTimeout(() => {
          waiter = null;
          reject(new ReplyTimeout('Connection timed out'));
        }, timeoutMs);
        waiter = () => {
          if (take()) {
            clearTimeout(timer);
            waiter = null;
          }
        };
      }),
  };
}
