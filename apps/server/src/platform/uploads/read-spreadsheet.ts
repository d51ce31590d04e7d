import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import type { SpreadsheetOptions, SpreadsheetRows } from './spreadsheet-rows.ts';

// An upload is read in a worker thread, so that however long a hostile file takes, /healthz
// and other users' calls keep answering (issue 20); past the time or memory limit the worker
// is stopped and the upload refused. Two reads at a time, the others wait their turn; a
// worker that answered is kept for the next read, which then needs no thread started and
// no code compiled again.

export const readTimeoutMs = 10_000;
const workerMemoryMb = 256;
const parallelReads = 2;

export const readMessages = {
  tooSlow: 'The spreadsheet took longer than 10 seconds to read.',
  tooLarge: 'The spreadsheet takes too much memory to read.',
} as const;

let running = 0;
const waiting: Array<() => void> = [];
const idle: Worker[] = [];

// Reads holding a turn now (the tests watch a read in progress).
export function readsInProgress(): number {
  return running;
}

async function turn(): Promise<() => void> {
  if (running >= parallelReads) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function startReader(): Worker {
  const worker = new Worker(new URL('./spreadsheet-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: workerMemoryMb },
  });
  // An idle reader does not keep the process alive.
  worker.unref();
  return worker;
}

type Answer = { read: SpreadsheetRows } | { refused: { status: 400 | 413; message: string } };

function ask(worker: Worker, message: object, timeoutMs: number, unreadable: string) {
  return new Promise<Answer>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (answer: Answer) => {
      settle();
      resolve(answer);
    };
    // A file the reader trips over is unreadable, as a broken workbook is.
    const onError = (error: Error & { code?: string }) => {
      settle();
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new HttpError(413, readMessages.tooLarge)
          : new HttpError(400, unreadable),
      );
    };
    const onExit = () => {
      settle();
      reject(new HttpError(400, unreadable));
    };
    const timer = setTimeout(() => {
      settle();
      reject(new HttpError(413, readMessages.tooSlow));
    }, timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(message);
  });
}

// The rows of the upload, or the 4xx that says why it cannot be read.
export async function readSpreadsheet(
  bytes: Uint8Array,
  options: SpreadsheetOptions & { timeoutMs?: number },
): Promise<SpreadsheetRows> {
  const { timeoutMs = readTimeoutMs, ...readOptions } = options;
  const done = await turn();
  const worker = idle.pop() ?? startReader();
  let answered = false;
  try {
    const answer = await ask(
      worker,
      { bytes, options: readOptions },
      timeoutMs,
      readOptions.unreadable,
    );
    answered = true;
    if ('refused' in answer) throw new HttpError(answer.refused.status, answer.refused.message);
    return answer.read;
  } finally {
    if (answered) idle.push(worker);
    else void worker.terminate();
    done();
  }
}
