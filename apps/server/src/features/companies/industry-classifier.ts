import { industryId } from '@mailhound/contracts';
import { industries, isIndustryId } from './industries.ts';

// A data source's own industry name ("Oil and gas", "Retailing", "Electric utility",
// "Banking and finance") → one of the product's industries, read from the words of each
// industry's name, a few common other names for it, and its terms. Pure: the importer calls it
// for each row whose industry is not already one of ours. A name made only of generic words
// ("Manufacturing", "Services") or of none we know ("Conglomerate") gets no industry; the
// importer keeps the name itself as the source industry either way.

// Words that join or qualify a name and say nothing of the business.
const fillerWords = new Set([
  'and',
  'of',
  'the',
  'for',
  'in',
  'other',
  'industry',
  'industries',
  'sector',
  'company',
  'companies',
  'group',
]);

// Words that name a kind of activity, not a business: they count only a little, and a name
// made of nothing else is not classified.
const genericWords = new Set([
  'service',
  'services',
  'product',
  'products',
  'manufacturing',
  'manufacture',
  'manufacturer',
  'manufacturers',
  'producing',
  'production',
  'solution',
  'solutions',
  'system',
  'systems',
  'equipment',
  'supplies',
  'supplying',
  'goods',
  'management',
  'distribution',
  'technology',
  'technologies',
  'general',
  'diversified',
  'various',
  'holding',
  'holdings',
  'business',
  'commercial',
  'industrial',
  'international',
  'global',
]);

// Other names taxonomies use for an industry, where they share no word with ours: British
// spellings, the usual one-word names, and the materials or trades an industry is named after.
const otherNames: Record<string, readonly string[]> = {
  automotive: ['auto', 'automobile', 'car', 'truck', 'vehicle', 'motor'],
  aviation_aerospace: ['airborne', 'aircraft'],
  defense_space: ['defence', 'armament', 'weapons'],
  hospital_health_care: ['healthcare', 'hospitals', 'clinics'],
  mining_metals: ['steel', 'iron', 'coal', 'gold', 'copper', 'aluminium', 'aluminum', 'minerals'],
  oil_energy: ['petroleum', 'oilfield', 'refinery', 'petrochemical'],
  utilities: ['electricity', 'power', 'water'],
  renewables_environment: ['renewable', 'solar', 'wind'],
  nuclear_energy: ['nuclear'],
  information_technology_services: ['it'],
  insurance: ['insurer', 'reinsurance'],
  telecommunications: ['telecom', 'telco'],
  transportation_trucking_railroad: ['railway', 'rail', 'transport', 'trucking'],
  package_freight_delivery: ['courier', 'postal', 'post', 'parcel'],
  supermarkets: ['grocery', 'hypermarkets'],
  food_and_beverages: ['beverage', 'drinks', 'brewery', 'brewing'],
  apparel_fashion: ['clothing', 'apparel', 'footwear'],
  broadcast_media: ['broadcasting', 'television', 'radio'],
  pharmaceuticals: ['pharma', 'drug'],
  biotechnology: ['biotech'],
  machinery: ['machine', 'machines'],
  gambling_casinos: ['gambling', 'betting', 'casino'],
  real_estate: ['property'],
  luxury_goods_jewelry: ['watch', 'watches', 'jewellery'],
};

// Exact words score fully; a word that is a longer or shorter form of the other
// ('retailing' / 'retail', 'electrical' / 'electric') a little less, so an exact word wins.
const nameWeight = 1;
const termWeight = 0.6;
const formFactor = 0.8;
const genericFactor = 0.3;

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '' && !fillerWords.has(word));
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

// 1 for the same word (plural aside), formFactor for another form of it, 0 otherwise.
export function wordMatch(a: string, b: string): number {
  const x = singular(a);
  const y = singular(b);
  if (x === y) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 4 && long.startsWith(short)) return formFactor;
  let common = 0;
  while (common < short.length && short[common] === long[common]) common += 1;
  return common >= 5 && common >= 0.7 * short.length ? formFactor : 0;
}

type Vocabulary = { id: string; size: number; nameWords: string[]; termWords: string[] };

const vocabularies: Vocabulary[] = industries.map((industry) => {
  const own = words(industry.id.replaceAll('_', ' '));
  return {
    id: industry.id,
    size: own.length,
    nameWords: [...own, ...(otherNames[industry.id] ?? [])],
    termWords: industry.terms.flatMap(words),
  };
});

function best(word: string, candidates: readonly string[]): number {
  let score = 0;
  for (const candidate of candidates) score = Math.max(score, wordMatch(word, candidate));
  return score;
}

function scoreOf(vocabulary: Vocabulary, labelWords: readonly string[]) {
  let score = 0;
  let specific = 0;
  for (const word of labelWords) {
    const match = Math.max(
      nameWeight * best(word, vocabulary.nameWords),
      termWeight * best(word, vocabulary.termWords),
    );
    if (match === 0) continue;
    if (genericWords.has(word)) score += genericFactor * match;
    else {
      score += match;
      specific += 1;
    }
  }
  return { score, specific };
}

export function classifyIndustry(name: string): string | null {
  const asId = industryId(name);
  if (isIndustryId(asId)) return asId;
  const labelWords = words(name);
  let chosen: { id: string; score: number; size: number } | null = null;
  for (const vocabulary of vocabularies) {
    const { score, specific } = scoreOf(vocabulary, labelWords);
    if (specific === 0) continue;
    const { size } = vocabulary;
    // Ties go to the industry with the shorter name: 'engineering' is civil_engineering's
    // whole subject, one of three in mechanical_industrial_engineering.
    if (chosen === null || score > chosen.score || (score === chosen.score && size < chosen.size)) {
      chosen = { id: vocabulary.id, score, size };
    }
  }
  return chosen?.id ?? null;
}
