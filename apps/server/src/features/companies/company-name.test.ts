import { describe, expect, it } from 'vitest';
import { normaliseCompanyName } from './company-name.ts';

describe('normaliseCompanyName', () => {
  it.each([
    ['Acme Inc.', 'acme'],
    ['ACME, LLC', 'acme'],
    ['Acme Corp', 'acme'],
    ['Acme Corporation', 'acme'],
    ['Acme Ltd', 'acme'],
    ['Acme Limited', 'acme'],
    ['Siemens AG', 'siemens'],
    ['Bosch GmbH', 'bosch'],
    ['Robert Bosch GmbH & Co. KG', 'robert bosch'],
    ['Carrefour S.A.', 'carrefour'],
    ['Philips N.V.', 'philips'],
    ['Tesco PLC', 'tesco'],
    ['Eni S.p.A.', 'eni'],
    ['Nestlé S.A.', 'nestle'],
    ['Société Générale SA', 'societe generale'],
    ['L’Oréal', 'l oreal'],
    ['The Coca-Cola Company', 'coca cola'],
    ['Johnson & Johnson', 'johnson and johnson'],
    ['  Stripe,   Inc.  ', 'stripe'],
    ['Atlassian Pty Ltd', 'atlassian'],
  ])('%s → %s', (name, expected) => {
    expect(normaliseCompanyName(name)).toBe(expected);
  });

  it('makes spelling variants of one company equal', () => {
    const variants = ['Acme, Inc.', 'ACME Inc', 'acme incorporated', 'Acme'];
    expect(new Set(variants.map(normaliseCompanyName))).toEqual(new Set(['acme']));
  });

  it('never strips a name down to nothing', () => {
    expect(normaliseCompanyName('Limited')).toBe('limited');
    expect(normaliseCompanyName('Group Inc')).toBe('group');
  });

  it('keeps digits and non-Latin letters', () => {
    expect(normaliseCompanyName('3M Company')).toBe('3m');
    expect(normaliseCompanyName('株式会社 ソニー')).toBe('株式会社 ソニー');
  });
});
