import { createFinder, type Finder, type PatternStore } from '@mailhound/finder';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import { demoWorldPorts } from './demo-mail-world.ts';
import { createPgPatternStore } from './pattern-store.ts';

// The process's finder: configured from FINDER_*, learning patterns into PostgreSQL (or into
// the store given: the bulk worker's writes them a chunk at a time), and in the embedded
// default answering the demo companies' `.example` domains from the demo world.
export function createSearchFinder(
  config: Pick<Config, 'finder' | 'demoMailWorld'>,
  db: Db,
  patternStore: PatternStore = createPgPatternStore(db),
): Finder {
  return createFinder(config.finder, {
    patternStore,
    ...(config.demoMailWorld ? demoWorldPorts(config.finder) : {}),
  });
}
