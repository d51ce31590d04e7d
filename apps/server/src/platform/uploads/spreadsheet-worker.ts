import { parentPort } from 'node:worker_threads';
import {
  readSpreadsheetRows,
  type SpreadsheetOptions,
  SpreadsheetRefusal,
} from './spreadsheet-rows.ts';

// Reads uploads off the server's event loop (read-spreadsheet.ts), one message at a time, and
// posts each one's rows or refusal. A reader that fails otherwise ends with the error.
parentPort?.on(
  'message',
  ({ bytes, options }: { bytes: Uint8Array; options: SpreadsheetOptions }) => {
    try {
      parentPort?.postMessage({ read: readSpreadsheetRows(bytes, options) });
    } catch (error) {
      if (!(error instanceof SpreadsheetRefusal)) throw error;
      parentPort?.postMessage({ refused: { status: error.status, message: error.message } });
    }
  },
);
