import { describe, expect, it } from 'vitest';
import { industries } from './industries.ts';
import { classifyIndustry, wordMatch } from './industry-classifier.ts';

describe('classifyIndustry', () => {
  it('takes our own industries by id or label', () => {
    expect(classifyIndustry('computer_software')).toBe('computer_software');
    expect(classifyIndustry('Computer Software')).toBe('computer_software');
    for (const { id } of industries) expect(classifyIndustry(id)).toBe(id);
  });

  it.each([
    ['Retailing', 'retail'],
    ['Oil and Gas', 'oil_energy'],
    ['Electric utility', 'utilities'],
    ['Electric Utilities', 'utilities'],
    ['Banking and finance', 'banking'],
    ['Finance', 'financial_services'],
    ['Pharmaceutical', 'pharmaceuticals'],
    ['Health care', 'hospital_health_care'],
    ['Healthcare', 'hospital_health_care'],
    ['Telecom', 'telecommunications'],
    ['Iron and steel', 'mining_metals'],
    ['Metals & Mining', 'mining_metals'],
    ['Aerospace and defence', 'defense_space'],
    ['Postal services', 'package_freight_delivery'],
    ['IT services', 'information_technology_services'],
    ['Semiconductor foundry', 'semiconductors'],
    ['Insurance: life', 'insurance'],
    ['Hôtels', 'hospitality'],
  ])("%s → %s (a source's own name, by its words)", (name, id) => {
    expect(classifyIndustry(name)).toBe(id);
  });

  it.each(['Conglomerate', 'Manufacturing', 'Services', 'Holding company', 'Various', '', '—'])(
    'leaves %o without an industry: generic words or none we know',
    (name) => {
      expect(classifyIndustry(name)).toBeNull();
    },
  );
});

describe('wordMatch', () => {
  it('matches a word to itself, its plural and its other forms, an exact word above a form', () => {
    expect(wordMatch('utility', 'utilities')).toBe(1);
    expect(wordMatch('retailing', 'retail')).toBeGreaterThan(0);
    expect(wordMatch('electric', 'electrical')).toBeLessThan(1);
    expect(wordMatch('finance', 'financial')).toBeGreaterThan(0);
  });

  it('does not match words that only begin alike', () => {
    expect(wordMatch('media', 'medical')).toBe(0);
    expect(wordMatch('construction', 'consumer')).toBe(0);
    expect(wordMatch('oil', 'oilfield')).toBe(0);
  });
});
