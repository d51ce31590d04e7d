import type { Verdict } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import { type Db, withSessionLock } from '../../platform/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { creditsShort, requireAvailableCredits } from '../credits/index.ts';
import { runSingleSearch, type SearchEvent } from '../search/index.ts';
import {
  type LookalikeContact,
  lookalikeMessages,
  readLookalikeItem,
  readPreview,
} from './lookalike-store.ts';

export const notReady = 'The look-alike search has not completed.';

// Contacts searched at once; the finder spreads its own SMTP sessions per host.
const concurrency = 4;

type Deps = { db: Db; finder: Finder; logFailure: (error: unknown) => void };

// 'Find Emails' on a preview: each contact without a stored answer is a single search (search
// history, a credit held while it runs, charged from score 95, released otherwise) through the
// search feature's runSingleSearch; answers are kept so a second click costs nothing. With
// fewer credits available than contacts to search, nobody is searched.
export async function searchLookalikeEmails(
  deps: Deps,
  user: { id: string; clientAddress: string },
  requestId: string,
  signal: AbortSignal,
): Promise<{ items: LookalikeContact[] }> {
  const item = await readLookalikeItem(deps.db, user.id, requestId);
  if (!item) throw notFound(lookalikeMessages.notFound);
  if (item.status !== 'completed') throw badRequest(notReady);
  // Two calls for one request (two tabs, a retry) take turns: the second finds the first's
  // answers stored and searches nobody again, so no address is searched or charged twice.
  return withSessionLock(deps.db, `lookalike-emails:${requestId}`, () =>
    searchPending(deps, user, requestId, signal),
  );
}

async function searchPending(
  deps: Deps,
  user: { id: string; clientAddress: string },
  requestId: string,
  signal: AbortSignal,
): Promise<{ items: LookalikeContact[] }> {
  const contacts = await readPreview(deps.db, requestId, { reasons: false });
  const searched = await deps.db.execute<{ person_id: string }>(sql`
    select person_id::text from lookalike_emails where request_id = ${requestId}`);
  const done = new Set(searched.rows.map((row) => row.person_id));
  const pending = contacts.filter(
    (contact) => !done.has(contact.id) && contact.fname && contact.lname,
  );
  // Nothing left to search costs nothing: the stored answers come back whatever the balance.
  if (pending.length === 0) return { items: await readPreview(deps.db, requestId) };
  // One credit per contact to search must be available before any is searched (api-spec §8:
  // a 402 saying how many more it takes); each search then holds its own while it runs.
  await requireAvailableCredits(deps.db, user.id, pending.length);

  // Whether the contact was searched (its answer stored), or refused a credit hold.
  const searchOne = async (contact: LookalikeContact): Promise<'searched' | 'refused'> => {
    let email: string | null = null;
    let score: number | null = null;
    let verdict: Verdict | null = null;
    let outcome: 'searched' | 'refused' | undefined;
    const record = (event: SearchEvent) => {
      if (event.event === undefined) {
        email = event.data.exactEmail;
        score = event.data.exactEmailScore ?? 0;
        verdict = event.data.verdict ?? null;
        outcome = 'searched';
      } else if (event.event === 'error') {
        // A search cut short because the client went away is no answer: it is searched again.
        if (!signal.aborted) outcome = 'searched';
      } else if (event.event === 'payment_error') {
        outcome = 'refused';
      }
    };
    await runSingleSearch(
      deps,
      {
        searcher: { kind: 'user', userId: user.id, clientAddress: user.clientAddress },
        query: {
          firstName: contact.fname ?? '',
          lastName: contact.lname ?? '',
          companyWebsite: contact.website,
        },
        domain: contact.website,
      },
      record,
      signal,
    );
    // No answer (the client left): searched again next time.
    if (outcome !== 'searched') return 'refused';
    await deps.db.execute(sql`
      insert into lookalike_emails (request_id, person_id, email, score, verdict)
      values (${requestId}, ${Number(contact.id)}, ${email}, ${score}, ${verdict})
      on conflict do nothing`);
    return 'searched';
  };

  // Each search holds a credit while it runs: with fewer credits available than searches at
  // once, a refusal may only mean the others' holds, released when they end unverified. The
  // refused contacts are tried again one at a time; a refusal then means the credits ran out.
  const refused: LookalikeContact[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pending.length && !signal.aborted) {
      const contact = pending[next++]!;
      if ((await searchOne(contact)) === 'refused') refused.push(contact);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
  for (const [index, contact] of refused.entries()) {
    if (signal.aborted) break;
    // The credits went elsewhere meanwhile (another search of the user's): a 402 for the
    // contacts left; the addresses found so far are kept.
    if ((await searchOne(contact)) === 'refused') throw creditsShort(refused.length - index);
  }
  return { items: await readPreview(deps.db, requestId) };
}
