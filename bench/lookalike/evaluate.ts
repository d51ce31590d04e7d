import { mulberry32 } from '../../apps/server/src/features/companies/demo-data.ts';

// Ranking measures over held-out peers: a ranking is company ids, best first.

export function precisionAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number) {
  return ranking.slice(0, k).filter((id) => relevant.has(id)).length / k;
}

// Precision with the best reachable score as 1: hits / min(k, peers left). A peer group of
// six gives three as the list and leaves three to find, which caps plain P@10 at 0.3.
export function cappedPrecisionAt(
  ranking: readonly number[],
  relevant: ReadonlySet<number>,
  k: number,
) {
  const reachable = Math.min(k, relevant.size);
  if (reachable === 0) return 0;
  return ranking.slice(0, k).filter((id) => relevant.has(id)).length / reachable;
}

export function ndcgAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number) {
  let dcg = 0;
  ranking.slice(0, k).forEach((id, index) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(index + 2);
  });
  let ideal = 0;
  for (let index = 0; index < Math.min(k, relevant.size); index++)
    ideal += 1 / Math.log2(index + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export type Trial = { group: string; list: number[]; relevant: Set<number> };

// For each group of at least `minimum` members, `draws` lists of `listSize` members drawn with
// a fixed seed; the rest of the group are the peers to find.
export function trials(
  groups: ReadonlyMap<string, readonly number[]>,
  options: { minimum: number; listSize: number; draws: number; seed: number },
): Trial[] {
  const random = mulberry32(options.seed);
  const out: Trial[] = [];
  for (const [group, members] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (members.length < options.minimum) continue;
    for (let draw = 0; draw < options.draws; draw++) {
      const shuffled = [...members];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      out.push({
        group,
        list: shuffled.slice(0, options.listSize),
        relevant: new Set(shuffled.slice(options.listSize)),
      });
    }
  }
  return out;
}
