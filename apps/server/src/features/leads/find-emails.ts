import { type FindEmailsAnswer, searchMessages } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { paymentRequired } from '../../platform/errors.ts';
import { companies, people } from '../companies/schema.ts';
import { readAccountSummary } from '../credits/index.ts';
import { runSingleSearch, type SearchEvent } from '../search/index.ts';

export const leadNotFound = 'Lead not found';
export const leadWithoutName = 'The lead has no first and last name to search with';

// Leads searched at once; the finder spreads its own SMTP sessions per host.
const concurrency = 4;

type FindItem = FindEmailsAnswer['items'][number];

type Deps = { db: Db; finder: Finder; logFailure: (error: unknown) => void };

// 'Find emails' for selected leads: each lead is a single search (search history, credit
// held while it runs, charged from score 95, released otherwise) through the search
// feature's own runSingleSearch.
export async function findLeadEmails(
  deps: Deps,
  user: { id: string; clientAddress: string },
  leadIds: readonly string[],
  signal: AbortSignal,
): Promise<FindEmailsAnswer> {
  const summary = await readAccountSummary(deps.db, user.id);
  if (!summary || summary.balance - summary.onHold <= 0)
    throw paymentRequired(searchMessages.noCreditsAvailable);

  const ids = [...new Set(leadIds)];
  const leads = await deps.db
    .select({
      id: people.id,
      fname: people.fname,
      lname: people.lname,
      domain: companies.domain,
    })
    .from(people)
    .innerJoin(companies, eq(companies.id, people.companyId))
    .where(inArray(people.id, ids.map(Number)));
  const byId = new Map(leads.map((lead) => [String(lead.id), lead]));

  // The lead's answer, or undefined when its credit hold was refused.
  const findOne = async (leadId: string): Promise<FindItem | undefined> => {
    const failed = (error: string): FindItem => ({
      leadId,
      exactEmail: null,
      exactEmailScore: 0,
      verdict: null,
      error,
    });
    const lead = byId.get(leadId);
    if (!lead) return failed(leadNotFound);
    if (!lead.fname || !lead.lname) return failed(leadWithoutName);
    let item: FindItem | undefined;
    const record = (event: SearchEvent) => {
      if (event.event === undefined) {
        item = {
          leadId,
          exactEmail: event.data.exactEmail,
          exactEmailScore: event.data.exactEmailScore ?? 0,
          verdict: event.data.verdict ?? null,
          error: null,
        };
      } else if (event.event === 'error') {
        item = failed(event.data.error);
      }
    };
    await runSingleSearch(
      deps,
      {
        searcher: { kind: 'user', userId: user.id, clientAddress: user.clientAddress },
        query: { firstName: lead.fname, lastName: lead.lname, companyWebsite: lead.domain },
        domain: lead.domain,
      },
      record,
      signal,
    );
    return item;
  };

  const items: FindItem[] = new Array(ids.length);
  const refused: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const item = await findOne(ids[index]!);
      if (item) items[index] = item;
      else refused.push(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  // Each search holds a credit while it runs: with fewer credits available than searches at
  // once, a refusal may only mean the others' holds, released when they end unverified. The
  // refused leads are tried again one at a time; a refusal then means the credits ran out.
  for (const index of refused.sort((a, b) => a - b)) {
    const leadId = ids[index]!;
    items[index] = (await findOne(leadId)) ?? {
      leadId,
      exactEmail: null,
      exactEmailScore: 0,
      verdict: null,
      error: searchMessages.noCreditsAvailable,
    };
  }
  return { items };
}
