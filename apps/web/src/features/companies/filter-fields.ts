import {
  type CompanyFilters,
  checkFilterSearch,
  companySizeBands,
  departmentIds,
  industries,
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

// The values the choice fields offer; a hand-edited link's other values are left out.
const industryIds = new Set<string>(industries.map((industry) => industry.id));
const sizeIds = new Set<string>(companySizeBands.map((band) => band.id));
const revenueIds = new Set<string>(revenueBands.map((band) => band.id));

function offered(values: string[] | undefined, choices: ReadonlySet<string>) {
  return values?.filter((value) => choices.has(value));
}

function knownOnly(filters: CompanyFilters): CompanyFilters {
  return {
    ...filters,
    industry: offered(filters.industry, industryIds),
    employees: offered(filters.employees, sizeIds),
    revenue: offered(filters.revenue, revenueIds),
  };
}

// Only the screen's own fields, each with a value: a link carrying other filters (or values
// the screen does not offer) opens the screen with those left out rather than searching on
// something the user cannot see.
export function pickFilters(given: CompanyFilters, fields: readonly FilterKey[]): CompanyFilters {
  const filters = knownOnly(given);
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
