import type { LabDomain, LabHost, LabPerson, LabSpec } from '@mailhound/mail-lab';
import { foldName, labLocalPart } from '@mailhound/mail-lab';
import {
  type DemoCompany,
  demoCompanyOptions,
  generateDemoData,
  mulberry32,
} from '../companies/index.ts';

// What the demo mail world (demo-mail-world.ts) serves: the demo companies' domains, each
// with its pattern and its people's mailboxes. Loaded only when the world starts.

// One shared MX host for every demo domain (mailbox behaviour is per recipient domain, as at a
// hosting provider), on 127.0.0.1: the one loopback address every system has (macOS has no
// other 127.x address unless an alias is added).
const demoMx: LabHost = { name: 'mx.demo-mail.example', address: '127.0.0.1' };

// Patterns of the strict domains, as often as mail admins choose them.
const patternWeights: ReadonlyArray<readonly [string, number]> = [
  ['first.last', 45],
  ['flast', 20],
  ['firstlast', 10],
  ['f.last', 10],
  ['first_last', 5],
  ['last.first', 5],
  ['firstl', 5],
];
const roleBoxes = ['info', 'sales', 'support', 'hello'];
// A greylisting demo domain lets a sender in this long after its first try: the finder's
// first retry (a minute later) gets through.
const greylistMs = 20_000;

function weighted(random: () => number): string {
  let ticket = random() * 100;
  for (const [pattern, weight] of patternWeights) {
    ticket -= weight;
    if (ticket < 0) return pattern;
  }
  return 'first.last';
}

function demoDomain(company: DemoCompany, random: () => number): LabDomain {
  const draw = random();
  const kind = draw < 0.1 ? 'catch-all' : draw < 0.14 ? 'greylist' : 'pattern';
  const pattern = weighted(random);
  const used = new Set(roleBoxes);
  const people: LabPerson[] = company.people.map((person) => {
    const roll = random();
    // A few people have no mailbox, a few an address no pattern makes.
    const name = { firstName: person.firstName, lastName: person.lastName };
    if (roll < 0.03) return { ...name, email: null, pattern: null };
    let local = labLocalPart(pattern, person.firstName, person.lastName);
    let followed: string | null = pattern;
    if (roll < 0.06 || used.has(local)) {
      // The second John Smith, or an address older than the pattern: a numbered one.
      const base = `${foldName(person.firstName)}.${foldName(person.lastName)}`;
      let n = 2;
      while (used.has(`${base}${n}`)) n++;
      local = `${base}${n}`;
      followed = null;
    }
    used.add(local);
    return {
      ...name,
      email: `${local}@${company.domain}`,
      pattern: followed,
    };
  });
  return {
    name: company.domain,
    kind,
    mx: [{ priority: 10, host: demoMx.name }],
    mailboxes: [...used],
    knownPattern: pattern,
    people,
    ...(kind === 'catch-all' ? { catchAll: true } : {}),
    ...(kind === 'greylist' ? { greylistMs } : {}),
  };
}

// The lab of the demo companies: deterministic, so every process builds the same world.
export function demoMailWorldSpec(
  companies: Iterable<DemoCompany> = generateDemoData(demoCompanyOptions),
  seed: number = demoCompanyOptions.seed,
): LabSpec {
  const random = mulberry32(seed);
  const domains: LabDomain[] = [];
  for (const company of companies) domains.push(demoDomain(company, random));
  return { hosts: [demoMx], domains };
}
