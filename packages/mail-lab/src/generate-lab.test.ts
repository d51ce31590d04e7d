import { describe, expect, it } from 'vitest';
import { generateLab } from './generate-lab.ts';
import { buildManifest } from './start-mail-lab.ts';

describe('generateLab', () => {
  const spec = generateLab({ seed: 7, domains: 500, people: 5000 });
  const manifest = buildManifest(spec);

  it('builds the same lab from the same seed', () => {
    expect(generateLab({ seed: 7, domains: 500, people: 5000 })).toEqual(spec);
  });

  it('builds the requested number of domains and about the requested number of people', () => {
    expect(spec.domains).toHaveLength(500);
    expect(manifest.people.length).toBeGreaterThan(4900);
  });

  it('mixes every behaviour', () => {
    const kinds = new Set(spec.domains.map((d) => d.kind));
    for (const kind of [
      'pattern',
      'shared-mx',
      'greylist',
      'recipient-limit',
      'slow',
      'session-limit',
      'catch-all',
      'catch-all-known',
      'microsoft-accept-all',
      'dead-nxdomain',
      'dead-null-mx',
      'dead-refused',
      'dead-silent',
      'dead-no-address',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('includes people no pattern can find and name collisions', () => {
    const unfindable = manifest.people.filter((p) => p.email && !p.findable);
    expect(unfindable.length).toBeGreaterThan(0);
    const sameFirstName = spec.domains.some((d) => {
      const names = (d.people ?? []).map((p) => p.firstName);
      return new Set(names).size < names.length;
    });
    expect(sameFirstName).toBe(true);
  });

  it('gives every live domain colleagues with mailboxes when asked, the rest of the lab unchanged', () => {
    const everywhere = generateLab({
      seed: 7,
      domains: 500,
      people: 5000,
      colleaguesEverywhere: true,
    });
    const withColleagues = buildManifest(everywhere);
    expect(withColleagues.people).toEqual(manifest.people);
    const live = everywhere.domains.filter(
      (d) => !d.catchAll && !d.kind?.startsWith('dead-') && d.kind !== 'drop-after-rcpt',
    );
    for (const domain of live) {
      expect(domain.staff?.length).toBeGreaterThan(0);
      for (const colleague of domain.staff ?? [])
        expect(domain.mailboxes).toContain(colleague.email?.split('@')[0]);
    }
    const catchAllStaff = (lab: typeof spec) =>
      lab.domains.filter((d) => d.catchAll).map((d) => d.staff);
    expect(catchAllStaff(everywhere)).toEqual(catchAllStaff(spec));
  });

  it('gives catch-all domains with a known pattern colleagues to learn it from, exceptions included', () => {
    const known = spec.domains.filter((d) => d.kind === 'catch-all-known');
    expect(known.length).toBeGreaterThan(0);
    for (const domain of known) expect(domain.staff?.length).toBeGreaterThan(0);
    const staff = known.flatMap((d) => d.staff ?? []);
    expect(staff.some((p) => p.pattern === null)).toBe(true);
    const lookedUp = new Set(manifest.people.map((p) => p.email));
    expect(staff.some((p) => lookedUp.has(p.email))).toBe(false);
    expect(spec.domains.filter((d) => !d.catchAll).every((d) => d.staff === undefined)).toBe(true);
  });

  it('gives every findable person a mailbox the lab accepts', () => {
    const addresses = new Set(manifest.addresses);
    const catchAll = new Set(manifest.domains.filter((d) => d.catchAll).map((d) => d.name));
    for (const person of manifest.people.filter((p) => p.findable)) {
      expect(catchAll.has(person.domain) || addresses.has(person.email!)).toBe(true);
    }
  });
});
