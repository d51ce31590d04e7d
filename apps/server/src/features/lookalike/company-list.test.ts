import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors.ts';
import { listMessages, parseCompanyList } from './company-list.ts';

async function refusal(bytes: Buffer): Promise<string> {
  try {
    await parseCompanyList(bytes);
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
  throw new Error('the list was accepted');
}

describe('the uploaded list', () => {
  it('reads one column of names or domains without a header (TXT)', async () => {
    expect(
      await parseCompanyList(Buffer.from('Acme Corp\nglobex.com\n\nhttps://www.initech.io/\n')),
    ).toEqual(['Acme Corp', 'globex.com', 'https://www.initech.io/']);
  });

  it('skips a header row and takes the named column of a CSV, once per entry', async () => {
    const csv = 'Country,Company Name\nUS,Acme Corp\nDE,acme corp\nFR,Globex\n';
    expect(await parseCompanyList(Buffer.from(csv))).toEqual(['Acme Corp', 'Globex']);
  });

  it('counts a company once however its domain or name is written', async () => {
    const txt = [
      'kiteware.com',
      'Kiteware.com',
      'https://www.kiteware.com/',
      'WWW.KITEWARE.COM',
      'Acme Corp',
      'ACME Corp, Inc.',
    ].join('\n');
    expect(await parseCompanyList(Buffer.from(txt))).toEqual(['kiteware.com', 'Acme Corp']);
  });

  it('keeps a stray double quote as a character, one entry per line', async () => {
    const csv = 'Company,Country\n"O"Reilly Media,US\n"Acme" Labs,DE\n"Globex, Inc",FR\n';
    expect(await parseCompanyList(Buffer.from(csv))).toEqual([
      '"O"Reilly Media',
      '"Acme" Labs',
      'Globex, Inc',
    ]);
  });

  it('refuses empty, binary and oversized files', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe(`400 ${listMessages.empty}`);
    expect(await refusal(Buffer.from('company\n\n'))).toBe(`400 ${listMessages.empty}`);
    expect(await refusal(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]))).toBe(
      `400 ${listMessages.unreadable}`,
    );
    const big = Array.from({ length: 1001 }, (_, i) => `company${i}.com`).join('\n');
    expect(await refusal(Buffer.from(big))).toBe(`400 ${listMessages.tooManyRows}`);
    const fits = Array.from({ length: 1000 }, (_, i) => `company${i}.com`).join('\n');
    expect(await parseCompanyList(Buffer.from(fits))).toHaveLength(1000);
  });
});
