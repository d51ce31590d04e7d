import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classifyTitle, type Department, type Seniority } from './title-classifier.ts';

// What the classifier should say for an O*NET title, by SOC major group (the first two digits
// of the code). A group lists every department its occupations belong to when it spans more
// than one of ours (15 holds both software engineering and IT). Management occupations (11)
// run every function, so there the check is the level, not the department.
type Expectation =
  | { name: string; departments: readonly Department[] }
  | { name: string; seniorities: readonly Seniority[] };

export const onetExpectations: Record<string, Expectation> = {
  '11': {
    name: 'Management',
    seniorities: ['owner', 'c_level', 'vp', 'head', 'director', 'manager'],
  },
  '13': { name: 'Business and financial operations', departments: ['finance', 'operations', 'hr'] },
  '15': { name: 'Computer and mathematical', departments: ['engineering', 'it'] },
  '17': { name: 'Architecture and engineering', departments: ['engineering'] },
  '19': { name: 'Life, physical and social science', departments: ['research'] },
  '21': { name: 'Community and social service', departments: ['healthcare', 'education'] },
  '23': { name: 'Legal', departments: ['legal'] },
  '25': { name: 'Educational instruction and library', departments: ['education'] },
  '27': { name: 'Arts, design, entertainment, sports and media', departments: ['design', 'media'] },
  '29': { name: 'Healthcare practitioners and technical', departments: ['healthcare'] },
  '31': { name: 'Healthcare support', departments: ['healthcare'] },
  '33': { name: 'Protective service', departments: ['operations', 'other'] },
  '35': { name: 'Food preparation and serving', departments: ['operations'] },
  '37': { name: 'Building and grounds cleaning and maintenance', departments: ['operations'] },
  '39': { name: 'Personal care and service', departments: ['other'] },
  '41': { name: 'Sales and related', departments: ['sales'] },
  '43': { name: 'Office and administrative support', departments: ['administrative', 'support'] },
  '45': { name: 'Farming, fishing and forestry', departments: ['operations'] },
  '47': { name: 'Construction and extraction', departments: ['operations'] },
  '49': { name: 'Installation, maintenance and repair', departments: ['operations'] },
  '51': { name: 'Production', departments: ['operations'] },
  '53': { name: 'Transportation and material moving', departments: ['operations'] },
  '55': { name: 'Military specific', departments: ['other'] },
};

export type GroupAccuracy = { name: string; total: number; correct: number; accuracy: number };

export type OnetAccuracy = {
  total: number;
  correct: number;
  accuracy: number;
  perGroup: Record<string, GroupAccuracy>;
};

function isCorrect(expectation: Expectation, title: string): boolean {
  const { department, seniority } = classifyTitle(title);
  return 'seniorities' in expectation
    ? expectation.seniorities.includes(seniority)
    : expectation.departments.includes(department);
}

// The repository's copy of O*NET 27.0's alternate titles (datasets/README.md: source, licence).
export const onetAlternateTitlesPath = fileURLToPath(
  new URL('../../../../../datasets/onet/alternate-titles.txt', import.meta.url),
);

// Reads O*NET's alternate-titles.txt (tab-separated, code then title, one header line).
export function measureOnetAccuracy(path = onetAlternateTitlesPath): OnetAccuracy {
  const perGroup: Record<string, GroupAccuracy> = {};
  let total = 0;
  let correct = 0;
  const lines = readFileSync(path, 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const [code, title] = line.split('\t');
    if (!code || !title) continue;
    const group = code.slice(0, 2);
    const expectation = onetExpectations[group];
    if (!expectation) throw new Error(`No expectation for O*NET group ${group}`);
    const tally = perGroup[group] ?? { name: expectation.name, total: 0, correct: 0, accuracy: 0 };
    perGroup[group] = tally;
    const right = isCorrect(expectation, title);
    tally.total++;
    total++;
    if (right) {
      tally.correct++;
      correct++;
    }
  }
  for (const tally of Object.values(perGroup)) tally.accuracy = tally.correct / tally.total;
  return { total, correct, accuracy: correct / total, perGroup };
}
