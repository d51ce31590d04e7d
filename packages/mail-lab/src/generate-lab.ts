import { labLocalPart, labPatternNames } from './lab-patterns.ts';
import type { LabDomain, LabHost, LabPerson, LabSpec } from './lab-spec.ts';
import { type Random, seededRandom } from './random.ts';

const firstNames = [
  'John',
  'Mary',
  'James',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Emily',
  'Paul',
  'Donna',
  'Andrew',
  'Michelle',
  'Joshua',
  'Carol',
  'Kenneth',
  'Amanda',
  'Kevin',
  'Melissa',
  'Brian',
  'Deborah',
  'George',
  'Stephanie',
  'Timothy',
  'Rebecca',
  'Ronald',
  'Laura',
  'Jason',
  'Helen',
  'Edward',
  'Sharon',
  'Jeffrey',
  'Cynthia',
  'Ryan',
  'Kathleen',
  'Jacob',
  'Amy',
  'Gary',
  'Angela',
  'Nicholas',
  'Anna',
  'Eric',
  'Brenda',
  'Jonathan',
  'Pamela',
  'Stephen',
  'Emma',
  'Larry',
  'Nicole',
  'Justin',
  'Samantha',
  'Scott',
  'Katherine',
  'José',
  'Zoë',
  'Renée',
  'François',
  'Jürgen',
  'Björn',
  'Anne-Marie',
  'Jean-Luc',
  'Søren',
  'Łukasz',
  'Chloé',
  'Noémie',
  'Mikaël',
  'Ines',
  'Hiroshi',
  'Priya',
  'Wei',
  'Olga',
  'Mateo',
  'Aisha',
  'Lars',
  'Fatima',
  'Giulia',
  'Pablo',
  'Ahmed',
  'Yuki',
  'Sven',
  'Ingrid',
  'Raúl',
];

const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  "O'Brien",
  "D'Angelo",
  'van der Berg',
  'de la Cruz',
  'van Dijk',
  'de Vries',
  'García',
  'Müller',
  'Schröder',
  'Nuñez',
  'Smith-Jones',
  'Lefèvre',
  'Østergaard',
  'Kowalczyk',
  'Dubois',
  'Rossi',
  'Yamamoto',
  'Chen',
  'Larsen',
  'Novak',
  'Fischer',
  'Weber',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Koch',
  'Bauer',
  'Wagner',
  'Meyer',
  'Schmidt',
  'Svensson',
  'Johansson',
  'Andersen',
  'Nielsen',
  'Hansen',
];

const words = [
  'bright',
  'north',
  'blue',
  'river',
  'stone',
  'cloud',
  'iron',
  'green',
  'silver',
  'rapid',
  'summit',
  'harbor',
  'pixel',
  'quant',
  'atlas',
  'nova',
  'lumen',
  'vertex',
  'orbit',
  'cedar',
];
const suffixes = ['labs', 'works', 'systems', 'group', 'tech', 'media', 'partners', 'logic'];

// Shares of domains by behaviour; the rest of the knobs are per kind below.
const kinds: ReadonlyArray<readonly [string, number]> = [
  ['pattern', 40],
  ['shared-mx', 8],
  ['starttls', 3],
  ['recipient-limit', 6],
  ['greylist', 6],
  ['slow', 4],
  ['session-limit', 4],
  ['multi-mx', 3],
  ['implicit-mx', 2],
  ['catch-all-known', 6],
  ['catch-all', 5],
  ['microsoft-accept-all', 3],
  ['drop-after-rcpt', 1],
  ['dead-nxdomain', 2],
  ['dead-null-mx', 2],
  ['dead-refused', 2],
  ['dead-silent', 1],
  ['dead-no-address', 2],
];

const patternWeights: ReadonlyArray<readonly [string, number]> = [
  ['first.last', 40],
  ['flast', 20],
  ['first', 9],
  ['firstlast', 8],
  ['f.last', 6],
  ['firstl', 4],
  ['last', 2],
  ['first_last', 3],
  ['lastf', 2],
  ['last.first', 3],
  ['fl', 1],
  ['first-last', 2],
];

const roleBoxes = ['info', 'sales', 'contact', 'support', 'admin', 'hello'];

export interface GenerateLabOptions {
  seed: number;
  domains: number;
  people: number;
  latencyMs?: number;
  // Greylisting window of the greylisting domains.
  greylistMs?: number;
  // Colleagues (`staff`) at every live domain that refuses unknown recipients too, from a
  // stream of their own (the rest of the lab stays as it was): the bench finds them first.
  colleaguesEverywhere?: boolean;
}

function hostAddress(index: number): string {
  return `127.10.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

function makePeople(
  random: Random,
  count: number,
  pattern: string | null,
  domain: string,
  taken: Set<string>,
): LabPerson[] {
  const people: LabPerson[] = [];
  for (let i = 0; i < count; i++) {
    // Name collisions are part of the mix: a second John at the same company.
    const firstName =
      people.length > 0 && random.chance(0.08)
        ? random.pick(people).firstName
        : random.pick(firstNames);
    const lastName = random.pick(lastNames);
    if (random.chance(0.03)) {
      people.push({ firstName, lastName, email: null, pattern: null });
      continue;
    }
    const own = pattern ?? 'first.last';
    let local = labLocalPart(own, firstName, lastName);
    let personPattern: string | null = own;
    if (taken.has(local) || random.chance(0.03)) {
      // An exception no pattern produces (a clash, a nickname, a legacy address).
      local = `${labLocalPart('first.last', firstName, lastName)}${random.int(2, 99)}`;
      personPattern = null;
    }
    if (taken.has(local)) continue;
    taken.add(local);
    people.push({ firstName, lastName, email: `${local}@${domain}`, pattern: personPattern });
  }
  return people;
}

// A big realistic lab: most domains follow one pattern with exceptions, the rest cover
// every behaviour the finder must survive (see README).
export function generateLab(options: GenerateLabOptions): LabSpec {
  const random = seededRandom(options.seed);
  // Staff come from their own stream so that adding them leaves the rest of the lab as it was.
  const staffRandom = seededRandom(options.seed ^ 0x5eed);
  const hosts: LabHost[] = [];
  const domains: LabDomain[] = [];
  const addHost = (host: Omit<LabHost, 'address'>): LabHost => {
    const created = { ...host, address: hostAddress(hosts.length) };
    hosts.push(created);
    return created;
  };
  const sharedHosts = [0, 1, 2].map((n) => addHost({ name: `mx${n + 1}.shared-mail.test` }));
  const perDomain = options.people / options.domains;
  let peopleLeft = options.people;
  const usedNames = new Set<string>();

  // How many colleagues' addresses the product knows at a catch-all domain varies widely:
  // a handful for most, dozens for a few.
  const colleagueRandom = seededRandom(options.seed ^ 0xc011);
  const addStaff = (
    domain: LabDomain,
    pattern: string,
    taken: Set<string>,
    stream: Random = staffRandom,
  ) => {
    const count = Math.round(4 + 56 * stream.next() ** 2);
    domain.staff = makePeople(stream, count, pattern, domain.name, taken).filter(
      (p) => p.email !== null,
    );
    domain.mailboxes = [...taken];
  };

  for (let i = 0; i < options.domains; i++) {
    let name = '';
    do {
      name = `${random.pick(words)}${random.pick(suffixes)}${random.int(1, 999)}.com`;
    } while (usedNames.has(name));
    usedNames.add(name);
    const kind = random.weighted(kinds);
    const pattern = random.weighted(patternWeights);
    const domainsLeft = options.domains - i;
    const count =
      domainsLeft === 1
        ? peopleLeft
        : Math.max(1, Math.min(peopleLeft, Math.round(perDomain * (0.5 + random.next()))));
    peopleLeft -= count;
    const taken = new Set(roleBoxes);
    const people = makePeople(random, count, pattern, name, taken);
    const mailboxes = [...taken];
    const label = name.replace(/\.com$/, '');
    const domain: LabDomain = { name, kind, people, mailboxes };
    const ownHost = (extra: Omit<LabHost, 'address' | 'name'> = {}): LabHost =>
      addHost({ name: `mx.${name}`, ...extra });

    switch (kind) {
      case 'shared-mx':
        domain.mx = [{ priority: 10, host: random.pick(sharedHosts).name }];
        break;
      case 'starttls':
        domain.mx = [{ priority: 10, host: ownHost({ starttls: true }).name }];
        break;
      case 'recipient-limit':
        domain.recipientLimit = random.int(2, 5);
        domain.mx = [{ priority: 10, host: ownHost().name }];
        break;
      case 'greylist':
        domain.greylistMs = options.greylistMs ?? 1000;
        domain.mx = [{ priority: 10, host: ownHost().name }];
        break;
      case 'slow':
        domain.mx = [
          { priority: 10, host: ownHost({ bannerDelayMs: 150, commandDelayMs: 20 }).name },
        ];
        break;
      case 'session-limit':
        domain.mx = [{ priority: 10, host: ownHost({ maxSessionsPerClient: 1 }).name }];
        break;
      case 'multi-mx':
        domain.mx = [
          { priority: 10, host: addHost({ name: `mx1.${name}`, mode: 'refused' }).name },
          { priority: 20, host: addHost({ name: `mx2.${name}` }).name },
        ];
        break;
      case 'implicit-mx':
        domain.a = [ownHost().address!];
        break;
      case 'catch-all-known':
        domain.catchAll = true;
        domain.knownPattern = pattern;
        addStaff(domain, pattern, taken);
        domain.mx = [{ priority: 10, host: ownHost().name }];
        break;
      case 'catch-all':
        domain.catchAll = true;
        domain.mx = [{ priority: 10, host: ownHost().name }];
        break;
      case 'microsoft-accept-all':
        domain.catchAll = true;
        if (random.chance(0.5)) {
          domain.knownPattern = pattern;
          addStaff(domain, pattern, taken);
        }
        domain.mx = [
          { priority: 0, host: addHost({ name: `${label}-com.mail.protection.outlook.com` }).name },
        ];
        break;
      case 'drop-after-rcpt':
        domain.dropAfterRcpt = 1;
        domain.mx = [{ priority: 10, host: ownHost().name }];
        break;
      case 'dead-nxdomain':
        domain.nxdomain = true;
        break;
      case 'dead-null-mx':
        domain.nullMx = true;
        break;
      case 'dead-refused':
        domain.mx = [{ priority: 10, host: ownHost({ mode: 'refused' }).name }];
        break;
      case 'dead-silent':
        domain.mx = [{ priority: 10, host: ownHost({ mode: 'silent' }).name }];
        break;
      case 'dead-no-address':
        domain.mx = [{ priority: 10, host: `mail.${name}` }];
        break;
      default:
        domain.mx = [{ priority: 10, host: ownHost().name }];
    }
    const live = !domain.catchAll && !kind.startsWith('dead-') && kind !== 'drop-after-rcpt';
    if (options.colleaguesEverywhere && live) addStaff(domain, pattern, taken, colleagueRandom);
    domains.push(domain);
  }
  return { hosts, domains, latencyMs: options.latencyMs ?? 0 };
}

export { labPatternNames };
