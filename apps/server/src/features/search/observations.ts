import {
  candidatesFor,
  flagsFor,
  noPattern,
  normaliseDomain,
  type ObservationSource,
  ownerKey,
  type PatternObservation,
} from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { recordObservations } from './pattern-store.ts';

// A person whose address we saw with their name: a row of an upload or an import (source
// `known`), the contact who replied (`reply`), the contact whose address bounced (`bounce`).
export type SeenPerson = { firstName: string; lastName: string; email: string };

// The pattern the address follows for the person's name at its domain (`none` when it follows
// none). Free-mail and role addresses teach nothing about a company's pattern; a bounce is
// kept whatever the domain, as the fact that the address does not exist.
export function observationOf(
  person: SeenPerson,
  source: ObservationSource,
  observer: string | null = null,
): { domain: string; observation: PatternObservation } | null {
  const email = person.email.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  const domain = normaliseDomain(email.slice(at + 1));
  if (at < 1 || !domain.includes('.')) return null;
  const flags = flagsFor(domain, email.slice(0, at));
  if (source !== 'bounce' && (flags.freeProvider || flags.role || flags.disposable)) return null;
  const pattern =
    candidatesFor(person.firstName, person.lastName, domain, null).find((c) => c.email === email)
      ?.pattern ?? noPattern;
  const owner = ownerKey(person.firstName, person.lastName);
  return {
    domain,
    observation: {
      pattern,
      email,
      source,
      ...(owner.trim() ? { owner } : {}),
      ...(observer === null ? {} : { observer }),
    },
  };
}

// Records what these people teach about their domains' patterns (README of the finder: each
// source's weight) as seen by `observer`: the user whose upload, import, mailbox or campaign
// it came from (their observations count for others only when other users agree), or null
// for what Mailhound's operator imports (the `mailhound import people` command), shared as
// the finder's own. Returns how many observations were recorded.
export async function recordPeopleSeen(
  db: Db,
  people: Iterable<SeenPerson>,
  source: ObservationSource,
  observer: string | null,
): Promise<number> {
  const observations = [];
  for (const person of people) {
    const observed = observationOf(person, source, observer);
    if (observed) observations.push(observed);
  }
  await recordObservations(db, observations);
  return observations.length;
}
