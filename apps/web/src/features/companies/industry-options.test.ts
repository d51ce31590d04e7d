import { industries } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { industryOptions } from './industry-options.ts';

describe('industry filter options', () => {
  it('offers every industry of the product once, in its group', () => {
    const offered = industryOptions.flatMap((option) => option.items.map((item) => item.value));
    expect(offered.toSorted()).toEqual(industries.map((industry) => industry.id).toSorted());
  });

  it('shows ids as capitalised words', () => {
    const technology = industryOptions.find((option) => option.group === 'Technology');
    expect(technology?.items[0]).toEqual({
      value: 'computer_software',
      label: 'Computer Software',
    });
  });
});
