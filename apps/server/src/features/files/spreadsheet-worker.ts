import { parentPort, workerData } from 'node:worker_threads';
import {
  readSpreadsheetRows,
  type SpreadsheetOptions,
  SpreadsheetRefusal,
} from './spreadsheet-rows.ts';

// Reads one upload off the server's event loop (read-spreadsheet.ts) and posts its rows or
// its refusal.
const { bytes, options } = workerData as { bytes: Uint8Array; options: SpreadsheetOptions };
try {
  parentPort?.postMessage({ read: readSpreadsheetRows(bytes, options) });
} catch (error) {
  if (!(error instanceof SpreadsheetRefusal)) throw error;
  parentPort?.postMessage({ refused: { status: error.status, message: error.message } });
}
