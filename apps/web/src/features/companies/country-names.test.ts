import { describe, expect, it } from 'vitest';
import { countryName, countryNames } from './country-names.ts';

describe('country suggestions for the location filters', () => {
  it('names the countries once each, alphabetically, without groupings of countries', () => {
    expect(countryNames).toEqual(expect.arrayContaining(['Germany', 'United States', 'Japan']));
    expect(countryNames.filter((name) => name === 'United Kingdom')).toHaveLength(1);
    expect(countryNames).not.toContain('European Union');
    expect(countryNames).not.toContain('United Nations');
    expect([...countryNames].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(countryNames);
  });

  it('writes a typed country as its listed name, whatever the case, or by code or short name', () => {
    expect(countryName('germany')).toBe('Germany');
    expect(countryName(' UNITED STATES ')).toBe('United States');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('USA')).toBe('United States');
    expect(countryName('uk')).toBe('United Kingdom');
    expect(countryName('Atlantis')).toBe('Atlantis');
  });
});
