import { companyMessages, isDomainLike, type SingleSearchBody } from '@mailhound/contracts';
import { normaliseDomain } from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { resolveCompanyDomain } from '../companies/index.ts';

export const companyNotFound = companyMessages.notFound;

// The domain a search probes: a website as given, a company name resolved through the
// company database (exact name, then a clear trigram match), or a 400 when none matches.
export async function searchDomain(
  db: Db,
  body: Pick<SingleSearchBody, 'companyWebsite' | 'companyName'>,
): Promise<string> {
  const company = body.companyWebsite ?? body.companyName ?? '';
  if (isDomainLike(company)) return normaliseDomain(company);
  const resolved = await resolveCompanyDomain(db, company);
  if (!resolved) throw badRequest(companyNotFound);
  return resolved.domain;
}
