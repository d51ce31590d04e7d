import { rowMessages, searchMessages } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { rowOutcome } from './row-text.ts';

describe('row texts (api-spec §8 "Search")', () => {
  it('shows the address when there is one, and Unknown error. for a row with neither', () => {
    expect(
      rowOutcome({ result: { exactEmail: 'ann@acme.com', exactEmailScore: 99 }, error: null }),
    ).toEqual({ kind: 'email', email: 'ann@acme.com' });
    expect(rowOutcome({ result: { exactEmail: null, exactEmailScore: 0 }, error: null })).toEqual({
      kind: 'none',
      text: rowMessages.noEmailFound,
    });
    expect(rowOutcome({ result: null, error: null })).toEqual({
      kind: 'error',
      text: searchMessages.unknownError,
    });
  });
});
