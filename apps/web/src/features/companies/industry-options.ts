import { industries, industryGroups, industryLabel } from '@mailhound/contracts';

// The finders' industry multi-select: the product's industries (contracts) in their groups.
export const industryOptions = industryGroups.map((group) => ({
  group: industryLabel(group),
  items: industries
    .filter((industry) => industry.group === group)
    .map((industry) => ({ value: industry.id, label: industryLabel(industry.id) })),
}));
