import type { DomainMailFacts } from '@mailhound/contracts';
import { createDnsResolver, findMailRoute, flagsFor } from '@mailhound/finder';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../platform/database.ts';
import { demoWorldPorts } from '../search/index.ts';

// A domain's MX hosts in priority order, or why it has none.
export type MailRouteLookup = (
  domain: string,
) => Promise<{ hosts: string[]; error: string | null }>;

// The same DNS the process's finder asks (the demo world for `.example` names in the
// embedded default). Only names are read, no server is contacted, so private MX addresses
// are listed like any other.
export function createMailRouteLookup(
  config: Pick<Config, 'finder' | 'demoMailWorld'>,
): MailRouteLookup {
  const resolver = config.demoMailWorld
    ? demoWorldPorts(config.finder).resolver
    : createDnsResolver({
        servers: config.finder.resolvers,
        timeoutMs: config.finder.dnsTimeoutMs,
      });
  return async (domain) => {
    const route = await findMailRoute(domain, resolver, true);
    return route.ok
      ? { hosts: route.hosts.map((host) => host.name), error: null }
      : { hosts: [], error: route.error };
  };
}

// The latest search or verification at the domain that told whether it accepts every address.
// Each side is read from its domain_catch_all index (search and verify schema.ts), whose
// order, newest first with nulls last, is the query's: a domain with many rows needs no sort.
export function latestAcceptAllQuery(domain: string): SQL {
  return sql`
    select catch_all from (
      select (evidence->>'catchAll')::boolean as catch_all, settled_at from search_history
      where settled_at is not null and evidence->>'domain' = ${domain}
        and jsonb_typeof(evidence->'catchAll') = 'boolean'
      union all
      select (evidence->>'catchAll')::boolean, settled_at from verifications
      where settled_at is not null and evidence->>'domain' = ${domain}
        and jsonb_typeof(evidence->'catchAll') = 'boolean'
    ) told order by settled_at desc nulls last limit 1`;
}

// Whether the domain accepts every address, as the latest search or verification there
// found it; null when none has told yet.
export async function knownAcceptAll(db: Queryable, domain: string): Promise<boolean | null> {
  const found = await db.execute<{ catch_all: boolean }>(latestAcceptAllQuery(domain));
  return found.rows[0]?.catch_all ?? null;
}

export async function mailFactsOf(
  db: Queryable,
  mailRoute: MailRouteLookup,
  domain: string,
): Promise<DomainMailFacts> {
  const [route, acceptAll] = await Promise.all([mailRoute(domain), knownAcceptAll(db, domain)]);
  const flags = flagsFor(domain, null);
  return {
    mxHosts: route.hosts,
    mxError: route.error,
    acceptAll,
    webmail: flags.freeProvider,
    disposable: flags.disposable,
  };
}
