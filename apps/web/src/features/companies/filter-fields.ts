import {
  type CompanyFilters,
  checkFilterSearch,
  companySizeBands,
  departmentIds,
  revenueBands,
  seniorityIds,
} from '@mailhound/contracts';
import { personClassLabel } from './person-labels.ts';
import { moneyText } from './revenue-text.ts';

export type FilterKey = keyof CompanyFilters;

// product-spec §5 "Company filters": the Company Finder's fields; the Lead Finder adds the
// person's job title, department and seniority.
export const companyFilterFields = [
  'companyName',
  'industry',
  'locations',
  'exclude',
  'employees',
  'revenue',
  'years',
] as const satisfies readonly FilterKey[];

export const leadFilterFields = [
  ...companyFilterFields,
  'jobTitle',
  'department',
  'seniority',
] as const satisfies readonly FilterKey[];

// Only the screen's own fields, each with a value: a link carrying other filters opens the
// screen with those left out rather than searching on something the user cannot see.
export function pickFilters(filters: CompanyFilters, fields: readonly FilterKey[]): CompanyFilters {
  const picked: CompanyFilters = {};
  for (const key of fields) {
    if (key === 'years') {
      const { from, to } = filters.years ?? {};
      if (from !== undefined || to !== undefined) {
        picked.years = {
          ...(from === undefined ? {} : { from }),
          ...(to === undefined ? {} : { to }),
        };
      }
    } else if ((filters[key]?.length ?? 0) > 0) {
      Object.assign(picked, { [key]: filters[key] });
    }
  }
  return picked;
}

export function canSearch(filters: CompanyFilters): boolean {
  return checkFilterSearch(filters) === null;
}

export const sizeOptions = companySizeBands.map((band) => ({
  value: band.id,
  label: `${band.id} employees`,
}));

export const revenueOptions = revenueBands.map((band) => ({
  value: band.id,
  label:
    band.max === null
      ? `${moneyText(band.min)}+`
      : `${moneyText(band.min)} – ${moneyText(band.max)}`,
}));

export const departmentOptions = departmentIds.map((id) => ({
  value: id,
  label: personClassLabel(id),
}));

export const seniorityOptions = seniorityIds.map((id) => ({
  value: id,
  label: personClassLabel(id),
}));
