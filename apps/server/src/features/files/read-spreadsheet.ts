import { Worker } from 'node:worker_threads';
import { HttpError } from '../../platform/errors.ts';
import type { SpreadsheetOptions, SpreadsheetRows } from './spreadsheet-rows.ts';

// An upload is read in a worker thread, so that however long a hostile file takes, /healthz
// and other users' calls keep answering (issue 20); past the time or memory limit the worker
// is stopped and the upload refused. Two at a time: the others wait their turn.

export const readTimeoutMs = 10_000;
const workerMemoryMb = 256;
const parallelReads = 2;

export const readMessages = {
  tooSlow: 'The spreadsheet took longer than 10 seconds to read.',
  tooLarge: 'The spreadsheet takes too much memory to read.',
} as const;

let running = 0;
const waiting: Array<() => void> = [];

async function turn(): Promise<() => void> {
  if (running >= parallelReads) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

type Answer = { read: SpreadsheetRows } | { refused: { status: 400 | 413; message: string } };

// The rows of the upload, or the 4xx that says why it cannot be read.
export async function readSpreadsheet(
  bytes: Uint8Array,
  options: SpreadsheetOptions & { timeoutMs?: number },
): Promise<SpreadsheetRows> {
  const { timeoutMs = readTimeoutMs, ...readOptions } = options;
  const done = await turn();
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const worker = new Worker(new URL('./spreadsheet-worker.ts', import.meta.url), {
        workerData: { bytes, options: readOptions },
        resourceLimits: { maxOldGenerationSizeMb: workerMemoryMb },
      });
      const timer = setTimeout(() => {
        reject(new HttpError(413, readMessages.tooSlow));
        void worker.terminate();
      }, timeoutMs);
      worker.once('message', (message: Answer) => {
        clearTimeout(timer);
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', (error: Error & { code?: string }) => {
        clearTimeout(timer);
        // A file the reader trips over is unreadable, as a broken workbook is.
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(413, readMessages.tooLarge)
            : new HttpError(400, readOptions.unreadable),
        );
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new HttpError(400, readOptions.unreadable));
      });
    });
    if ('refused' in answer) throw new HttpError(answer.refused.status, answer.refused.message);
    return answer.read;
  } finally {
    done();
  }
}
