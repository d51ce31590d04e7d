import { searchMessages } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { rowErrorText, rowMessages, rowOutcome } from './row-text.ts';

describe('row texts (api-spec §8 "Search")', () => {
  it('shows a missing MX record as a no-business-email message', () => {
    expect(rowErrorText('No MX records associated with domain found')).toBe(
      rowMessages.noBusinessEmail,
    );
  });

  it('shows a timed-out connection as connection trouble', () => {
    expect(rowErrorText('Connection timed out')).toBe(rowMessages.connectionTrouble);
  });

  it('shows any other error as it came, and an empty one as Unknown error.', () => {
    expect(rowErrorText('Mail server refused the connection')).toBe(
      'Mail server refused the connection',
    );
    expect(rowErrorText('')).toBe(searchMessages.unknownError);
  });

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
