import { isDomainLike, type SingleSearchBody } from '@mailhound/contracts';
import { normaliseDomain } from '@mailhound/finder';
import { badRequest } from '../../platform/errors.ts';

export const websiteNeeded = 'Please enter the company website (e.g. acme.com)';

// The domain a search probes. A company name is resolved through the company database once
// the companies feature has one; until then only names that are domains can be searched.
export function searchDomain(body: Pick<SingleSearchBody, 'companyWebsite' | 'companyName'>) {
  const company = body.companyWebsite ?? body.companyName ?? '';
  if (!isDomainLike(company)) throw badRequest(websiteNeeded);
  return normaliseDomain(company);
}
