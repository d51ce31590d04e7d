import { industryLabel } from '@mailhound/contracts';
import { type Industry, industries } from './industries.ts';
import { classifyTitle, type Department, type Seniority } from './title-classifier.ts';

// The generated demo data set the embedded default seeds, so every screen has content.
// Deterministic: the same seed gives the same companies and people, byte for byte.

export type DemoPerson = {
  firstName: string;
  lastName: string;
  jobTitle: string;
  department: Department;
  seniority: Seniority;
  companyDomain: string;
  location: string;
  linkedinUrl: string;
};

export type DemoCompany = {
  name: string;
  domain: string;
  country: string;
  industry: string;
  // The demo has only the product's industries, no source names.
  sourceIndustry: null;
  employees: number;
  foundedYear: number;
  revenueMin: number;
  revenueMax: number;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  logoUrl: null;
  description: string;
  people: DemoPerson[];
};

export type DemoOptions = {
  seed: number;
  companies: number;
  peoplePerCompany: readonly [number, number];
  // The newest founding year; fixed by default so the data set does not move with the clock.
  latestYear?: number;
};

// mulberry32: small, fast and good enough to make demo data look random.
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

type Country = { name: string; weight: number; cities: readonly string[] };

const countries: readonly Country[] = [
  {
    name: 'United States',
    weight: 30,
    cities: [
      'New York',
      'San Francisco',
      'Austin',
      'Chicago',
      'Boston',
      'Seattle',
      'Denver',
      'Atlanta',
    ],
  },
  {
    name: 'United Kingdom',
    weight: 9,
    cities: ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds'],
  },
  {
    name: 'Germany',
    weight: 8,
    cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt'],
  },
  {
    name: 'France',
    weight: 6,
    cities: ['Paris', 'Lyon', 'Toulouse', 'Nantes', 'Lille'],
  },
  { name: 'Canada', weight: 5, cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary'] },
  {
    name: 'India',
    weight: 6,
    cities: ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad', 'Delhi'],
  },
  {
    name: 'Australia',
    weight: 4,
    cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
  },
  {
    name: 'Netherlands',
    weight: 3,
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'],
  },
  { name: 'Spain', weight: 3, cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville'] },
  { name: 'Italy', weight: 3, cities: ['Milan', 'Rome', 'Turin', 'Bologna'] },
  { name: 'Sweden', weight: 2, cities: ['Stockholm', 'Gothenburg', 'Malmö'] },
  {
    name: 'Brazil',
    weight: 3,
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte'],
  },
  { name: 'Mexico', weight: 2, cities: ['Mexico City', 'Guadalajara', 'Monterrey'] },
  { name: 'Japan', weight: 3, cities: ['Tokyo', 'Osaka', 'Fukuoka'] },
  { name: 'Singapore', weight: 2, cities: ['Singapore'] },
  { name: 'Poland', weight: 2, cities: ['Warsaw', 'Kraków', 'Wrocław'] },
  { name: 'Ireland', weight: 2, cities: ['Dublin', 'Cork', 'Galway'] },
  { name: 'Switzerland', weight: 2, cities: ['Zurich', 'Geneva', 'Basel'] },
  { name: 'Nigeria', weight: 1, cities: ['Lagos', 'Abuja'] },
  { name: 'South Africa', weight: 1, cities: ['Cape Town', 'Johannesburg'] },
  { name: 'United Arab Emirates', weight: 1, cities: ['Dubai', 'Abu Dhabi'] },
  { name: 'South Korea', weight: 1, cities: ['Seoul', 'Busan'] },
];
const countryWeight = countries.reduce((sum, country) => sum + country.weight, 0);

function pickCountry(random: Random): Country {
  let ticket = random() * countryWeight;
  for (const country of countries) {
    ticket -= country.weight;
    if (ticket < 0) return country;
  }
  return countries[0]!;
}

// Company names are two parts; index → (first, second) is a bijection, so names and domains
// are unique without remembering the ones already given (a million companies stream).
const nameStarts = [
  'North',
  'South',
  'East',
  'West',
  'Blue',
  'Red',
  'Green',
  'Silver',
  'Golden',
  'Iron',
  'Stone',
  'Maple',
  'Cedar',
  'Oak',
  'Pine',
  'River',
  'Lake',
  'Ocean',
  'Harbor',
  'Summit',
  'Bright',
  'Clear',
  'Swift',
  'True',
  'Bold',
  'Quantum',
  'Nova',
  'Stellar',
  'Lunar',
  'Solar',
  'Apex',
  'Vertex',
  'Prime',
  'Core',
  'Pixel',
  'Data',
  'Cloud',
  'Signal',
  'Vector',
  'Atlas',
  'Polar',
  'Crystal',
  'Copper',
  'Cobalt',
  'Amber',
  'Ivory',
  'Scarlet',
  'Indigo',
  'Violet',
  'Jade',
  'Falcon',
  'Eagle',
  'Fox',
  'Wolf',
  'Bear',
  'Lion',
  'Otter',
  'Raven',
  'Heron',
  'Lynx',
  'Meadow',
  'Valley',
  'Ridge',
  'Canyon',
  'Prairie',
  'Forest',
  'Island',
  'Delta',
  'Coast',
  'Glacier',
  'Urban',
  'Metro',
  'Civic',
  'Grand',
  'Royal',
  'Noble',
  'Pioneer',
  'Frontier',
  'Liberty',
  'Union',
  'Aero',
  'Terra',
  'Hydro',
  'Helio',
  'Astro',
  'Geo',
  'Bio',
  'Neo',
  'Omni',
  'Evo',
  'Kite',
  'Arrow',
  'Anchor',
  'Beacon',
  'Compass',
  'Lantern',
  'Bridge',
  'Tower',
  'Castle',
  'Harvest',
];
const nameEnds = [
  'wind',
  'peak',
  'stone',
  'field',
  'bridge',
  'works',
  'light',
  'path',
  'gate',
  'wave',
  'point',
  'line',
  'forge',
  'craft',
  'mark',
  'way',
  'port',
  'view',
  'crest',
  'vale',
  'brook',
  'wood',
  'haven',
  'star',
  'spark',
  'flow',
  'shift',
  'scale',
  'stack',
  'loop',
  'base',
  'hub',
  'lab',
  'nest',
  'grid',
  'link',
  'sense',
  'logic',
  'mind',
  'sight',
  'ware',
  'tide',
  'rise',
  'fall',
  'dale',
  'moor',
  'hill',
  'ford',
  'well',
  'mill',
  'bay',
  'cove',
  'reef',
  'shore',
  'sail',
  'wing',
  'root',
  'leaf',
  'seed',
  'bloom',
  'pulse',
  'beam',
  'core',
  'frame',
  'form',
  'tech',
  'labs',
  'co',
  'ly',
  'io',
  'nova',
  'verse',
  'sphere',
  'matic',
  'smith',
  'wright',
  'ton',
  'by',
  'ridge',
  'worth',
];
const nameSpace = nameStarts.length * nameEnds.length;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function nameParts(index: number, seed: number): { base: string; round: number } {
  const round = Math.floor(index / nameSpace);
  // An odd stride coprime to the name space walks it in a seed-dependent scrambled order.
  let stride = (Math.floor(nameSpace * 0.618) + seed * 2) | 1;
  while (gcd(stride, nameSpace) !== 1) stride += 2;
  const offset = Math.abs(seed * 7919) % nameSpace;
  const slot = ((index % nameSpace) * stride + offset) % nameSpace;
  const start = nameStarts[Math.floor(slot / nameEnds.length)]!;
  const end = nameEnds[slot % nameEnds.length]!;
  return { base: start + end, round };
}

const industryNouns: Record<string, readonly string[]> = {
  technology: ['Software', 'Systems', 'Technologies', 'Digital', 'Networks', 'Labs'],
  finance: ['Capital', 'Financial', 'Partners', 'Bank', 'Investments', 'Insurance'],
  healthcare: ['Health', 'Medical', 'Care', 'Therapeutics', 'Clinics', 'Bio'],
  manufacturing: ['Industries', 'Manufacturing', 'Engineering', 'Materials', 'Works'],
  retail: ['Market', 'Stores', 'Goods', 'Trading', 'Supply'],
  transportation: ['Logistics', 'Freight', 'Transport', 'Shipping', 'Lines'],
  corporate_services: ['Consulting', 'Group', 'Solutions', 'Advisors', 'Services'],
  media: ['Media', 'Studios', 'Press', 'Pictures', 'Publishing'],
  education: ['Academy', 'Learning', 'Institute', 'Education', 'School'],
  legal: ['Law', 'Legal', 'Chambers', 'Counsel'],
};
const fallbackNouns = ['Group', 'Company', 'Co', 'Partners', 'Collective'];

type RoleTitle = { title: string; weight: number };

// Leadership first, then the people a lead search is usually after.
const leaderTitles = [
  'CEO',
  'Founder & CEO',
  'Co-Founder',
  'Managing Director',
  'President',
  'Owner',
];
const roleTitles: readonly RoleTitle[] = [
  { title: 'CTO', weight: 2 },
  { title: 'CFO', weight: 2 },
  { title: 'COO', weight: 1 },
  { title: 'Chief Marketing Officer', weight: 1 },
  { title: 'VP of Sales', weight: 2 },
  { title: 'VP of Engineering', weight: 2 },
  { title: 'VP Marketing', weight: 1 },
  { title: 'VP of Operations', weight: 1 },
  { title: 'Head of People', weight: 1 },
  { title: 'Head of Product', weight: 1 },
  { title: 'Head of Customer Success', weight: 1 },
  { title: 'Director of Finance', weight: 1 },
  { title: 'Sales Director', weight: 2 },
  { title: 'Marketing Director', weight: 1 },
  { title: 'Engineering Manager', weight: 2 },
  { title: 'Product Manager', weight: 3 },
  { title: 'Senior Product Manager', weight: 1 },
  { title: 'Project Manager', weight: 2 },
  { title: 'Marketing Manager', weight: 3 },
  { title: 'HR Manager', weight: 2 },
  { title: 'Office Manager', weight: 1 },
  { title: 'Account Manager', weight: 4 },
  { title: 'Customer Success Manager', weight: 2 },
  { title: 'Operations Manager', weight: 2 },
  { title: 'Finance Manager', weight: 1 },
  { title: 'IT Manager', weight: 1 },
  { title: 'Software Engineer', weight: 8 },
  { title: 'Senior Software Engineer', weight: 6 },
  { title: 'Frontend Developer', weight: 3 },
  { title: 'Backend Developer', weight: 3 },
  { title: 'Data Scientist', weight: 2 },
  { title: 'DevOps Engineer', weight: 2 },
  { title: 'QA Engineer', weight: 2 },
  { title: 'Lead Engineer', weight: 1 },
  { title: 'Systems Administrator', weight: 2 },
  { title: 'IT Support Specialist', weight: 2 },
  { title: 'UX Designer', weight: 2 },
  { title: 'Graphic Designer', weight: 2 },
  { title: 'Account Executive', weight: 6 },
  { title: 'Sales Development Representative', weight: 4 },
  { title: 'Sales Representative', weight: 4 },
  { title: 'Business Development Manager', weight: 3 },
  { title: 'Digital Marketing Specialist', weight: 3 },
  { title: 'Content Marketing Manager', weight: 1 },
  { title: 'Marketing Coordinator', weight: 2 },
  { title: 'Accountant', weight: 3 },
  { title: 'Financial Analyst', weight: 2 },
  { title: 'Payroll Specialist', weight: 1 },
  { title: 'Recruiter', weight: 2 },
  { title: 'HR Generalist', weight: 1 },
  { title: 'Legal Counsel', weight: 1 },
  { title: 'Paralegal', weight: 1 },
  { title: 'Executive Assistant', weight: 2 },
  { title: 'Receptionist', weight: 1 },
  { title: 'Customer Service Representative', weight: 4 },
  { title: 'Customer Support Specialist', weight: 3 },
  { title: 'Logistics Coordinator', weight: 2 },
  { title: 'Warehouse Supervisor', weight: 1 },
  { title: 'Production Supervisor', weight: 1 },
  { title: 'Research Scientist', weight: 1 },
  { title: 'Marketing Intern', weight: 1 },
  { title: 'Software Engineering Intern', weight: 1 },
  { title: 'Junior Data Analyst', weight: 1 },
];
const roleWeight = roleTitles.reduce((sum, role) => sum + role.weight, 0);

function pickRole(random: Random): string {
  let ticket = random() * roleWeight;
  for (const role of roleTitles) {
    ticket -= role.weight;
    if (ticket < 0) return role.title;
  }
  return roleTitles[0]!.title;
}

const firstNames = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Linda',
  'Sarah',
  'Daniel',
  'Emma',
  'Oliver',
  'Sophie',
  'Harry',
  'Amelia',
  'George',
  'Isla',
  'Liam',
  'Chloe',
  'Noah',
  'Lukas',
  'Anna',
  'Leon',
  'Mia',
  'Jonas',
  'Lena',
  'Felix',
  'Hannah',
  'Maximilian',
  'Laura',
  'Louis',
  'Camille',
  'Hugo',
  'Léa',
  'Gabriel',
  'Manon',
  'Jules',
  'Inès',
  'Arthur',
  'Zoé',
  'Alejandro',
  'Lucía',
  'Pablo',
  'Sofía',
  'Javier',
  'Carmen',
  'Mateo',
  'Valentina',
  'Diego',
  'Isabella',
  'Giulia',
  'Marco',
  'Francesca',
  'Luca',
  'Chiara',
  'Matteo',
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rahul',
  'Deepika',
  'Wei',
  'Mei',
  'Jun',
  'Li',
  'Hiroshi',
  'Yuki',
  'Haruto',
  'Sakura',
  'Kenji',
  'Aiko',
  'Min-jun',
  'Seo-yeon',
  'Ji-ho',
  'Ha-eun',
  'Oluwaseun',
  'Chinedu',
  'Amara',
  'Ngozi',
  'Kwame',
  'Abena',
  'Thabo',
  'Zanele',
  'Omar',
  'Fatima',
  'Ahmed',
  'Layla',
  'Yusuf',
  'Aisha',
  'Mohammed',
  'Noor',
  'João',
  'Ana',
  'Pedro',
  'Beatriz',
  'Lars',
  'Ingrid',
  'Erik',
  'Astrid',
  'Johan',
  'Freja',
  'Piotr',
  'Zofia',
  'Jakub',
  'Maja',
  'Sean',
  'Aoife',
  'Ciarán',
  'Niamh',
  'Mateus',
  'Larissa',
  'Dmitri',
  'Olga',
  'Ivan',
  'Elena',
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
  'Wilson',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Dubois',
  'Durand',
  'Lefebvre',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Bernard',
  'Petit',
  'Roux',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Ruiz',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Conti',
  'Greco',
  'Sharma',
  'Patel',
  'Gupta',
  'Singh',
  'Kumar',
  'Reddy',
  'Iyer',
  'Nair',
  'Mehta',
  'Chopra',
  'Wang',
  'Zhang',
  'Chen',
  'Liu',
  'Yang',
  'Huang',
  'Sato',
  'Suzuki',
  'Takahashi',
  'Tanaka',
  'Kim',
  'Lee',
  'Park',
  'Choi',
  'Jung',
  'Okafor',
  'Adeyemi',
  'Mensah',
  'Nkosi',
  'Mahlangu',
  'Hassan',
  'Khan',
  'Ali',
  'Haddad',
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Costa',
  'Pereira',
  'Andersson',
  'Johansson',
  'Nielsen',
  'Hansen',
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Murphy',
  "O'Brien",
  'Kelly',
  'Ivanov',
  'Petrov',
  'Novak',
  'de Jong',
  'van Dijk',
  'Jansen',
  'Bakker',
  'Visser',
  'Cohen',
  'Levi',
];

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// Employee counts spread like real companies: many small, a few very large.
function employeesFor(random: Random): number {
  const bands: readonly [number, number, number][] = [
    [1, 10, 22],
    [11, 50, 28],
    [51, 200, 22],
    [201, 500, 12],
    [501, 1000, 7],
    [1001, 5000, 6],
    [5001, 10000, 2],
    [10001, 100000, 1],
  ];
  let ticket = random() * 100;
  for (const [min, max, weight] of bands) {
    ticket -= weight;
    if (ticket < 0) return between(random, min, max);
  }
  return between(random, 1, 10);
}

// Revenue bands (USD) from headcount: roughly 50k to 400k per employee, shown as a range.
const revenueSteps = [
  0, 1e6, 5e6, 10e6, 25e6, 50e6, 100e6, 250e6, 500e6, 1e9, 5e9, 10e9, 50e9, 100e9,
];

function revenueRange(random: Random, employees: number): [number, number] {
  const estimate = employees * (50_000 + random() * 350_000);
  let index = revenueSteps.findIndex((step) => step > estimate);
  if (index <= 0) index = revenueSteps.length - 1;
  return [revenueSteps[index - 1]!, revenueSteps[index]!];
}

function sizeWord(employees: number): string {
  if (employees <= 10) return 'small';
  if (employees <= 200) return 'growing';
  if (employees <= 1000) return 'mid-sized';
  return 'large';
}

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function companyDescription(
  random: Random,
  name: string,
  industry: Industry,
  employees: number,
  city: string,
  country: string,
): string {
  const terms = shuffled(random, industry.terms);
  const label = industryLabel(industry.id).toLowerCase();
  const [first, second, third] = terms;
  const team = `${employees.toLocaleString('en-US')} ${employees === 1 ? 'person' : 'people'}`;
  return (
    `${name} is a ${sizeWord(employees)} ${label} company based in ${city}, ${country}. ` +
    `Our team of ${team} works on ${first}, ${second} and ${third}.`
  );
}

function socialUrl(random: Random, base: string, handle: string): string | null {
  return random() < 0.8 ? `${base}${handle}` : null;
}

function* people(
  random: Random,
  company: { domain: string; employees: number; country: Country; index: number },
  range: readonly [number, number],
): Generator<DemoPerson> {
  const count = Math.min(between(random, range[0], range[1]), company.employees);
  for (let i = 0; i < count; i++) {
    const firstName = pick(random, firstNames);
    const lastName = pick(random, lastNames);
    const jobTitle = i === 0 ? pick(random, leaderTitles) : pickRole(random);
    const { department, seniority } = classifyTitle(jobTitle);
    const city = random() < 0.85 ? pick(random, company.country.cities) : null;
    yield {
      firstName,
      lastName,
      jobTitle,
      department,
      seniority,
      companyDomain: company.domain,
      location: city ? `${city}, ${company.country.name}` : company.country.name,
      // Company index and position make the profile handle unique across the data set.
      linkedinUrl: `https://www.linkedin.com/in/${slug(`${firstName} ${lastName}`)}-${company.index.toString(36)}${i.toString(36)}`,
    };
  }
}

export function* generateDemoData(options: DemoOptions): Generator<DemoCompany> {
  const { seed, companies, peoplePerCompany } = options;
  const latestYear = options.latestYear ?? 2025;
  const random = mulberry32(seed);
  for (let index = 0; index < companies; index++) {
    const industry = pick(random, industries);
    const country = pickCountry(random);
    const { base, round } = nameParts(index, seed);
    const nouns = industryNouns[industry.group] ?? fallbackNouns;
    const name = random() < 0.6 ? `${base} ${pick(random, nouns)}` : base;
    const label = round === 0 ? base.toLowerCase() : `${base.toLowerCase()}${round + 1}`;
    // RFC 2606 `.example`: a demo company's site and mail never belong to a real company;
    // the demo mail world answers for these names (features/search/demo-mail-world.ts).
    const domain = `${label}.example`;
    const employees = employeesFor(random);
    const [revenueMin, revenueMax] = revenueRange(random, employees);
    // Young companies outnumber old ones: squaring skews the draw towards recent years. A
    // technology company is at most 50 years old (no software house founded in 1912).
    const age = industry.group === 'technology' ? 50 : 120;
    const foundedYear = latestYear - Math.floor(random() ** 2 * age);
    const city = pick(random, country.cities);
    const handle = label;
    const company = {
      name,
      domain,
      country: country.name,
      industry: industry.id,
      sourceIndustry: null,
      employees,
      foundedYear,
      revenueMin,
      revenueMax,
      linkedinUrl: socialUrl(random, 'https://www.linkedin.com/company/', handle),
      twitterUrl: socialUrl(random, 'https://twitter.com/', handle),
      facebookUrl: socialUrl(random, 'https://www.facebook.com/', handle),
      instagramUrl: socialUrl(random, 'https://www.instagram.com/', handle),
      logoUrl: null,
      description: companyDescription(random, name, industry, employees, city, country.name),
    };
    yield {
      ...company,
      people: [...people(random, { domain, employees, country, index }, peoplePerCompany)],
    };
  }
}
