import { createFinder, type Finder } from '@mailhound/finder';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import { demoWorldPorts } from './demo-mail-world.ts';
import { createPgPatternStore } from './pattern-store.ts';

// The process's finder: configured from FINDER_*, learning patterns into PostgreSQL, and in
// the embedded default answering the demo companies' `.example` domains from the demo world.
export function createSearchFinder(
  config: Pick<Config, 'finder' | 'demoMailWorld'>,
  db: Db,
): Finder {
  return createFinder(config.finder, {
    patternStore: createPgPatternStore(db),
    ...(config.demoMailWorld ? demoWorldPorts(config.finder) : {}),
  });
}
