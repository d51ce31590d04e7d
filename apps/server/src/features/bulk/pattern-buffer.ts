import type { PatternObservation, PatternStore } from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { createPgPatternStore, recordObservations } from '../search/index.ts';

// The bulk worker's pattern store. Lookups read the shared store in PostgreSQL; the addresses
// they verify are kept here and written in one statement when a chunk is written (`flush`),
// instead of one round trip per verified row, each awaited before the domain's next row is
// scored. A chunk flushes before its rows are written, so what it learnt is stored by then;
// a worker that dies first loses only observations its chunk, looked up again, makes again.
export function createPatternBuffer(db: Db): {
  store: PatternStore;
  flush: () => Promise<void>;
} {
  let pending: Array<{ domain: string; observation: PatternObservation }> = [];
  return {
    store: {
      ...createPgPatternStore(db),
      record: (domain, observation) => {
        pending.push({ domain, observation });
      },
    },
    flush: async () => {
      const batch = pending;
      pending = [];
      await recordObservations(db, batch);
    },
  };
}
