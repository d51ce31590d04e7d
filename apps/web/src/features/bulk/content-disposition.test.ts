import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition.ts';

describe('file name from content-disposition (api-spec §7 "Bulk files")', () => {
  it('reads a quoted file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="leads (1).csv"')).toBe(
      'leads (1).csv',
    );
  });

  it('prefers the UTF-8 form', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Liste.csv"; filename*=UTF-8''Liste%20%C3%A9t%C3%A9.csv`,
      ),
    ).toBe('Liste été.csv');
  });

  it('reads an unquoted file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename=results.xlsx')).toBe(
      'results.xlsx',
    );
  });

  it('gives nothing without a header or a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
  });
});
