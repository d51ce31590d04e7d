import { describe, expect, it } from 'vitest';
import { industries } from '../../../../server/src/features/companies/industries.ts';
import { industryIdsByGroup, industryOptions } from './industry-options.ts';

describe('industry filter options', () => {
  it('offers exactly the industries the server stores, in their groups', () => {
    const offered = Object.entries(industryIdsByGroup).flatMap(([group, ids]) =>
      ids.map((id) => `${group}/${id}`),
    );
    expect(offered).toEqual(industries.map((industry) => `${industry.group}/${industry.id}`));
  });

  it('shows ids as capitalised words', () => {
    const technology = industryOptions.find((option) => option.group === 'Technology');
    expect(technology?.items[0]).toEqual({
      value: 'computer_software',
      label: 'Computer Software',
    });
  });
});
