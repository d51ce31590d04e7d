import { industryLabel } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { industries, industryGroupOf, industryGroups, isIndustryId } from './industries.ts';

describe('industry list', () => {
  it('has about 150 industries with unique lower-case underscore ids', () => {
    expect(industries.length).toBeGreaterThanOrEqual(140);
    expect(new Set(industries.map((industry) => industry.id)).size).toBe(industries.length);
    for (const { id } of industries) expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('puts every industry in one of the groups, and every group is used', () => {
    const used = new Set(industries.map((industry) => industry.group));
    expect([...used].sort()).toEqual([...industryGroups].sort());
  });

  it('knows the common industries by id and their group', () => {
    expect(industryGroupOf('computer_software')).toBe('technology');
    expect(industryGroupOf('hospital_health_care')).toBe('healthcare');
    expect(industryGroupOf('financial_services')).toBe('finance');
    expect(industryGroupOf('law_practice')).toBe('legal');
    expect(industryGroupOf('no_such_industry')).toBeUndefined();
    expect(isIndustryId('computer_software')).toBe(true);
    expect(isIndustryId('Computer Software')).toBe(false);
  });

  it('shows ids as capitalised words through the contracts label', () => {
    expect(industryLabel('hospital_health_care')).toBe('Hospital Health Care');
  });

  it('gives each industry words to describe a company with', () => {
    for (const industry of industries) expect(industry.terms.length).toBeGreaterThanOrEqual(4);
  });
});
