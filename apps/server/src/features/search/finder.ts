import { createFinder, type Finder, type FinderConfig } from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { createPgPatternStore } from './pattern-store.ts';

// The process's finder: configured from FINDER_*, learning patterns into PostgreSQL.
export function createSearchFinder(config: FinderConfig, db: Db): Finder {
  return createFinder(config, { patternStore: createPgPatternStore(db) });
}
