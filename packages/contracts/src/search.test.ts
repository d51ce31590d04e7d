import { describe, expect, it } from 'vitest';
import { issuesOf } from './issues.test-kit.ts';
import {
  historyQuerySchema,
  isDomainLike,
  scoreColor,
  singleSearchBodySchema,
  singleSearchEventSchema,
  singleSearchFormSchema,
  toSingleSearchBody,
} from './search.ts';

const guestId = 'guest_3f0c1b8e-2a4d-4c6e-9f1a-7b2d3c4e5f60';

describe('isDomainLike: a company value that is a website', () => {
  it.each([
    'acme.com',
    'ACME.COM',
    'www.acme.com',
    'https://www.acme.com',
    'http://acme.co.uk/about/team',
    'acme.io?ref=x',
    'sub-domain.acme-corp.com',
    'acme.com:8080',
    'xn--mnchen-3ya.de',
    '  acme.com  ',
  ])('%j is a website', (value) => {
    expect(isDomainLike(value)).toBe(true);
  });

  it.each([
    'Acme',
    'Acme Inc.',
    'Acme.com Inc',
    'acme.',
    '.com',
    'acme.c',
    'acme.123',
    'https://',
    'ftp://acme.com',
    '-acme.com',
    '',
  ])('%j is a name', (value) => {
    expect(isDomainLike(value)).toBe(false);
  });
});

describe('single search form (product-spec §5)', () => {
  it('requires a company', () => {
    expect(
      issuesOf(singleSearchFormSchema, { company: '  ', firstName: 'Ann', lastName: 'Lee' }),
    ).toEqual({ company: ['Company website or name is a required field'] });
  });

  it('names are 1 to 50 characters once spaces are removed', () => {
    expect(
      issuesOf(singleSearchFormSchema, {
        company: 'acme.com',
        firstName: '   ',
        lastName: 'x'.repeat(51),
      }),
    ).toEqual({ firstName: ['Invalid Name'], lastName: ['Invalid Name'] });
  });

  it('removes spaces from names and trims the company', () => {
    expect(
      singleSearchFormSchema.parse({
        company: ' Acme Inc ',
        firstName: 'Mary Ann',
        lastName: ' van der Berg',
      }),
    ).toEqual({ company: 'Acme Inc', firstName: 'MaryAnn', lastName: 'vanderBerg' });
    expect(
      singleSearchFormSchema.parse({
        company: 'a',
        firstName: 'A',
        lastName: `${'b'.repeat(50)} `,
      }),
    ).toEqual({ company: 'a', firstName: 'A', lastName: 'b'.repeat(50) });
  });
});

describe('toSingleSearchBody', () => {
  it('sends a domain-like company as the website', () => {
    expect(
      toSingleSearchBody({ company: 'https://www.acme.com', firstName: 'Ann', lastName: 'Lee' }),
    ).toEqual({ firstName: 'Ann', lastName: 'Lee', companyWebsite: 'https://www.acme.com' });
  });

  it('sends anything else as the company name', () => {
    expect(toSingleSearchBody({ company: 'Acme Inc', firstName: 'Ann', lastName: 'Lee' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      companyName: 'Acme Inc',
    });
  });

  it('adds the bot-check token and guest id for guests', () => {
    const body = toSingleSearchBody(
      { company: 'acme.com', firstName: 'Ann', lastName: 'Lee' },
      { code: 'captcha-token', userId: guestId },
    );
    expect(body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      companyWebsite: 'acme.com',
      code: 'captcha-token',
      userId: guestId,
    });
    expect(singleSearchBodySchema.parse(body)).toEqual(body);
  });
});

describe('single search body (server side)', () => {
  it('takes exactly one of companyWebsite and companyName', () => {
    expect(issuesOf(singleSearchBodySchema, { firstName: 'Ann', lastName: 'Lee' })).toEqual({
      companyName: ['Company website or name is a required field'],
    });
    expect(
      singleSearchBodySchema.safeParse({
        firstName: 'Ann',
        lastName: 'Lee',
        companyWebsite: 'acme.com',
        companyName: 'Acme',
      }).success,
    ).toBe(false);
    expect(
      singleSearchBodySchema.safeParse({ firstName: 'Ann', lastName: 'Lee', companyName: 'Acme' })
        .success,
    ).toBe(true);
  });

  it('refuses a website that is not one, a bad guest id and unknown fields', () => {
    const base = { firstName: 'Ann', lastName: 'Lee' };
    expect(singleSearchBodySchema.safeParse({ ...base, companyWebsite: 'Acme Inc' }).success).toBe(
      false,
    );
    expect(
      singleSearchBodySchema.safeParse({ ...base, companyName: 'Acme', userId: 'u1', code: 'c' })
        .success,
    ).toBe(false);
    expect(singleSearchBodySchema.safeParse({ ...base, companyName: 'Acme', x: 1 }).success).toBe(
      false,
    );
  });
});

describe('scoreColor (product-spec §4)', () => {
  it.each([
    [100, 'green'],
    [99, 'green'],
    [95, 'green'],
    [94, 'yellow'],
    [60, 'yellow'],
    [50, 'yellow'],
    [49, 'red'],
    [0, 'red'],
  ] as const)('%i is %s', (score, color) => {
    expect(scoreColor(score)).toBe(color);
  });
});

describe('history query', () => {
  it('defaults to the first page of 10', () => {
    expect(historyQuerySchema.parse({})).toEqual({ page: 1, perPage: 10 });
    expect(historyQuerySchema.parse({ page: '3', perPage: '20', userId: guestId })).toEqual({
      page: 3,
      perPage: 20,
      userId: guestId,
    });
  });
});

describe('single search stream events (api-spec §7)', () => {
  it('reads progress, the result as a message without a name, payment_error and error', () => {
    const found = { _id: 's1', exactEmail: 'ann@acme.com', exactEmailScore: 99, charged: true };
    const events = [
      { event: 'progress', data: { stage: 'smtp', percent: 40 } },
      { event: undefined, data: found },
      {
        event: 'payment_error',
        data: { message: 'Not enough credits', required: 1, available: 0 },
      },
      { event: 'error', data: { _id: 's1', error: 'Connection timed out' } },
    ];
    for (const event of events) expect(singleSearchEventSchema.parse(event)).toEqual(event);
  });

  it('refuses an event whose data is not its own', () => {
    expect(singleSearchEventSchema.safeParse({ event: 'progress', data: {} }).success).toBe(false);
    expect(singleSearchEventSchema.safeParse({ event: 'error', data: {} }).success).toBe(false);
  });
});
