import { describe, expect, it } from 'vitest';
import { foundedCloseness, sizeBand, sizeCloseness } from './firmographics.ts';
import { regionOf } from './regions.ts';
import {
  type CompanyFeatures,
  featureScores,
  listProfile,
  rankCandidates,
  similarityReasons,
  textOnlyWeights,
} from './similarity.ts';
import {
  centroid,
  cosine,
  definingPhrase,
  type SparseVector,
  stem,
  termCounts,
  tfidfVector,
  tokenize,
} from './text-vectors.ts';

const corpus = [
  'A regional bank offering loans, mortgages and savings accounts to households.',
  'A savings bank with branches, mortgages and business loans.',
  'Commercial bank: corporate loans, deposits and mortgages.',
  'A maker of trucks, buses and diesel engines.',
  'Car maker building electric cars and engines.',
  'A software vendor selling accounting software to small firms.',
];
// Each text's tf-idf vector over the texts given.
function corpusVectors(texts: readonly string[]): SparseVector[] {
  const counts = texts.map(termCounts);
  const documentFrequency = new Map<string, number>();
  for (const map of counts) {
    for (const term of map.keys())
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  return counts.map((map) =>
    tfidfVector(map, (term) => documentFrequency.get(term) ?? 0, texts.length),
  );
}
const vectors = corpusVectors(corpus);

function company(id: number, overrides: Partial<CompanyFeatures> = {}): CompanyFeatures {
  return {
    id,
    sourceIndustry: null,
    industry: null,
    country: null,
    employees: null,
    foundedYear: null,
    vector: vectors[id - 1] ?? { terms: [], weights: [] },
    ...overrides,
  };
}

describe('description text', () => {
  it('keeps meaningful words, drops stop words and place names, and folds plurals', () => {
    expect(tokenize('The Banks of Zürich offer mortgages and loans.')).toEqual([
      'bank',
      'offer',
      stem('mortgage'),
      'loan',
    ]);
  });

  it('keeps only terms another description shares, L2-normalised', () => {
    const [bank] = vectors;
    expect(bank?.terms).toContain(stem('mortgage'));
    expect(bank?.terms).not.toContain('household');
    const norm = Math.sqrt((bank?.weights ?? []).reduce((sum, w) => sum + w * w, 0));
    expect(norm).toBeCloseTo(1, 5);
  });

  it('finds banks closer to banks than to car makers', () => {
    const [bank, savings, , trucks] = vectors;
    expect(cosine(bank!, savings!)).toBeGreaterThan(cosine(bank!, trucks!));
    expect(cosine(bank!, bank!)).toBeCloseTo(1, 5);
    expect(cosine(bank!, { terms: [], weights: [] })).toBe(0);
  });

  it('averages a list into one centroid that resembles each of its members', () => {
    const list = centroid([vectors[0]!, vectors[1]!]);
    expect(cosine(list, vectors[2]!)).toBeGreaterThan(cosine(list, vectors[4]!));
  });
});

// Wikipedia-style openings, as the bench's data set has them.
function vectorsOf(texts: readonly string[]): SparseVector[] {
  const all = texts.map(termCounts);
  const frequency = new Map<string, number>();
  for (const map of all) {
    for (const term of map.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  return all.map((map) => tfidfVector(map, (term) => frequency.get(term) ?? 0, texts.length));
}

describe('description text of real-world companies', () => {
  it('folds word forms so a retailer, retailing and retail meet', () => {
    expect(new Set(['retail', 'retailer', 'retailers', 'retailing'].map(stem)).size).toBe(1);
    expect(stem('manufacturer')).toBe(stem('manufacturing'));
    expect(stem('engineers')).toBe(stem('engineering'));
    expect(stem('banks')).toBe(stem('banking'));
    expect(stem('shipping')).toBe(stem('ships'));
    // Short stems are left alone rather than merged with unrelated words.
    expect(stem('power')).toBe('power');
    expect(stem('mining')).toBe('mining');
  });

  it('ignores the country, its cities and corporate boilerplate, which are not the business', () => {
    expect(
      tokenize(
        'Metro AG is a German multinational retailer headquartered in Düsseldorf, Germany, founded in March 1964.',
      ),
    ).toEqual(['metro', stem('retailer')]);
    const [germanRetail, britishRetail, germanBank] = vectorsOf([
      'Metro AG is a German multinational retailer headquartered in Düsseldorf, Germany. The group runs wholesale stores.',
      'Tesco plc is a British multinational retailer headquartered in Welwyn Garden City, England. It runs supermarkets and stores.',
      'Commerzbank AG is a German bank headquartered in Frankfurt, Germany. The group offers loans to German companies.',
      'Deutsche Bank AG is a German multinational bank headquartered in Frankfurt, Germany. It offers loans.',
      'Aldi is a German discount supermarket chain headquartered in Essen, Germany.',
    ]);
    expect(cosine(germanRetail!, britishRetail!)).toBeGreaterThan(
      cosine(germanRetail!, germanBank!),
    );
  });

  it('reads the defining phrase of the first sentence', () => {
    expect(
      definingPhrase(
        'Volkswagen AG is a German multinational automotive manufacturer headquartered in Wolfsburg, Lower Saxony. It was founded in 1937.',
      ),
    ).toBe('German multinational automotive manufacturer');
    expect(
      definingPhrase('Kompania Węglowa is the largest coal mining company in Poland and Europe.'),
    ).toBe('largest coal mining company');
    expect(definingPhrase('Founded in 1900, the firm makes cars.')).toBe('');
  });

  it('weighs what the first sentence says a company is above what it mentions later', () => {
    const [steelMaker, otherSteelMaker, insurer] = vectorsOf([
      'Acme is a steel producer. It also sells insurance to its customers.',
      'Bolt is a steel producer with mills.',
      'Cover is an insurance company. Its investments include steel mills.',
      'Delta is a logistics company.',
    ]);
    const weightOf = (vector: SparseVector, word: string) =>
      vector.weights[vector.terms.indexOf(stem(word))] ?? 0;
    expect(weightOf(steelMaker!, 'steel')).toBeGreaterThan(weightOf(steelMaker!, 'insurance'));
    expect(cosine(steelMaker!, otherSteelMaker!)).toBeGreaterThan(cosine(steelMaker!, insurer!));
  });

  it('builds the query from what the list has in common, not one member’s rare words', () => {
    // Summed, 'krupp' (0.95 in one member) would outweigh 'steel' (0.3 in each of three).
    const member = (word: string): SparseVector => ({
      terms: [word, 'steel'],
      weights: [0.95, 0.3],
    });
    const query = centroid([member('krupp'), member('essen'), member('bochum')]);
    expect(query.terms[0]).toBe('steel');
  });
});

describe('firmographics', () => {
  it('puts head counts in LinkedIn size bands', () => {
    expect([1, 10, 11, 200, 201, 5000, 10_001, null].map(sizeBand)).toEqual([
      0,
      0,
      1,
      2,
      3,
      5,
      7,
      null,
    ]);
    expect(sizeCloseness(2, 2)).toBe(1);
    expect(sizeCloseness(2, 5)).toBe(0);
    expect(sizeCloseness(null, 2)).toBe(0);
  });

  it('compares founding years and regions', () => {
    expect(foundedCloseness(2000, 2000)).toBe(1);
    expect(foundedCloseness(1900, 2000)).toBe(0);
    expect(regionOf('Germany')).toBe(regionOf('France'));
    expect(regionOf('Germany')).not.toBe(regionOf('Japan'));
    expect(regionOf('Atlantis')).toBeNull();
  });
});

describe('ranking against a list', () => {
  it('scores the share of the list in the same industry, group and country', () => {
    const list = [
      company(1, { industry: 'banking', country: 'Germany', employees: 300 }),
      company(2, { industry: 'insurance', country: 'France', employees: 250 }),
    ];
    const scores = featureScores(
      listProfile(list),
      company(3, { industry: 'banking', country: 'Germany', employees: 400 }),
    );
    expect(scores.industry).toBe(0.5);
    expect(scores.industryGroup).toBe(1);
    expect(scores.country).toBe(0.5);
    expect(scores.region).toBe(1);
    expect(scores.size).toBe(1);
  });

  it('ranks the banks first for a list of banks, and never the list itself', () => {
    const list = [company(1, { industry: 'banking' }), company(2, { industry: 'banking' })];
    const candidates = [1, 2, 3, 4, 5, 6].map((id) =>
      company(id, { industry: id <= 3 ? 'banking' : 'automotive' }),
    );
    const ranked = rankCandidates(list, candidates);
    expect(ranked.map((entry) => entry.companyId)[0]).toBe(3);
    expect(ranked.map((entry) => entry.companyId)).not.toContain(1);
    expect(
      ranked.every((entry, index) => index === 0 || ranked[index - 1]!.score >= entry.score),
    ).toBe(true);
  });

  it("ranks a company of the list's own source industry first among near-equal descriptions", () => {
    const list = [
      company(1, { industry: 'banking', sourceIndustry: 'savings banks' }),
      company(2, { industry: 'banking', sourceIndustry: 'savings banks' }),
    ];
    const sameName = company(7, {
      industry: 'banking',
      sourceIndustry: 'savings banks',
      vector: vectors[2]!,
    });
    const otherName = company(3, { industry: 'banking', sourceIndustry: 'commercial banks' });
    expect(featureScores(listProfile(list), sameName).sourceIndustry).toBe(1);
    expect(featureScores(listProfile(list), otherName).sourceIndustry).toBe(0);
    const ranked = rankCandidates(list, [otherName, sameName]);
    expect(ranked.map((entry) => entry.companyId)).toEqual([7, 3]);
  });

  it("scores a twin of the list's company 1, the most there is", () => {
    const features = {
      industry: 'banking',
      sourceIndustry: 'savings banks',
      country: 'Germany',
      employees: 300,
      foundedYear: 1990,
    };
    const [twin] = rankCandidates(
      [company(1, features)],
      [company(7, { ...features, vector: vectors[0]! })],
    );
    expect(twin?.score).toBeCloseTo(1, 6);
  });

  it('lets a much closer description outrank a shared source industry name', () => {
    const list = [
      company(1, { industry: 'banking', sourceIndustry: 'savings banks' }),
      company(2, { industry: 'banking', sourceIndustry: 'savings banks' }),
    ];
    const unlike = company(7, {
      industry: 'banking',
      sourceIndustry: 'savings banks',
      vector: vectors[5]!,
    });
    const alike = company(8, {
      industry: 'banking',
      sourceIndustry: 'banks',
      vector: vectors[0]!,
    });
    const ranked = rankCandidates(list, [unlike, alike]);
    expect(ranked.map((entry) => entry.companyId)).toEqual([8, 7]);
  });

  it('ranks by the descriptions alone with the text-only weights', () => {
    const list = [company(4), company(5)];
    const ranked = rankCandidates(
      list,
      [1, 2, 3, 4, 5, 6].map((id) => company(id)),
      textOnlyWeights,
    );
    expect(ranked.map((entry) => entry.companyId).slice(0, 4)).toHaveLength(4);
    expect(ranked.find((entry) => entry.companyId === 6)?.score ?? 0).toBeLessThanOrEqual(
      ranked[0]!.score,
    );
  });
});

describe('why a company is similar (similarityReasons)', () => {
  const descriptions = [
    'KUKA is a German maker of industrial robotics and factory automation systems.',
    'Festo builds pneumatic automation and robotics for factories.',
    'Neura Robotics develops cognitive robotics and automation for industry.',
    'Zalando is a German online fashion retailer.',
  ];
  const described = corpusVectors(descriptions);
  const vectorOf = (index: number) => described[index]!;
  const robotics = (id: number, index: number, overrides: Partial<CompanyFeatures> = {}) =>
    company(id, {
      industry: 'machinery',
      country: 'Germany',
      employees: 120,
      foundedYear: 1995,
      vector: vectorOf(index),
      ...overrides,
    });
  const list = [robotics(1, 0), robotics(2, 1, { foundedYear: 1998 })];

  it('names the industry, size, country, decade and the description terms it shares', () => {
    const reasons = similarityReasons(listProfile(list), robotics(3, 2), descriptions[2]);
    expect(reasons.filter((reason) => reason.kind !== 'terms')).toEqual([
      { kind: 'industry', label: 'Machinery' },
      { kind: 'size', label: '51-200 employees' },
      { kind: 'country', label: 'Germany' },
      { kind: 'founded', label: 'Founded in the 1990s' },
    ]);
    const terms = reasons.find((reason) => reason.kind === 'terms')?.label.split(', ');
    // The terms come from the descriptions, spelt as the candidate's own description has them.
    expect(terms).toEqual(expect.arrayContaining(['robotics', 'automation']));
  });

  it('says nothing it does not share: another industry, country and size, no common words', () => {
    const retailer = robotics(4, 3, {
      industry: 'retail',
      country: 'France',
      employees: 20_000,
      foundedYear: 2008,
    });
    expect(similarityReasons(listProfile(list), retailer, descriptions[3])).toEqual([
      { kind: 'region', label: 'Europe' },
    ]);
  });
});
