import { describe, expect, it } from 'vitest';
import { BULK_MAX_BYTES, uploadMessages, uploadProblem } from './upload-rules.ts';

describe('files accepted for a bulk search (POST /person/bulk, api-spec §7 "Search and history")', () => {
  it('accepts CSV and XLSX files up to 5 MB', () => {
    expect(uploadProblem({ name: 'leads.csv', size: 1200 })).toBeNull();
    expect(uploadProblem({ name: 'Leads.XLSX', size: BULK_MAX_BYTES })).toBeNull();
  });

  it('refuses other files with the server’s message', () => {
    expect(uploadProblem({ name: 'leads.pdf', size: 1200 })).toBe(uploadMessages.notSpreadsheet);
  });

  it('refuses a file over 5 MB', () => {
    expect(uploadProblem({ name: 'leads.csv', size: BULK_MAX_BYTES + 1 })).toBe(
      uploadMessages.tooLarge,
    );
  });
});
