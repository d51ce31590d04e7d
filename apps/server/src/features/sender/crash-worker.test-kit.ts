// The crash test's worker process: drains the due sends of DATABASE_URL until none is left.
// The test SIGKILLs it at random moments and starts it again.
import pg from 'pg';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../platform/database.ts';
import { createMailConnections } from '../../platform/mail/connections.ts';
import { drainDueSends, senderDeps } from './drain.ts';

const config = loadConfig();
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
const deps = senderDeps(
  config,
  createDb(pool),
  () => new Date(),
  createMailConnections(config.mailboxes),
);
process.stdout.write('ready\n');
const totals = await drainDueSends(deps, 8);
deps.transports.close();
await pool.end();
process.stdout.write(`${JSON.stringify(totals)}\n`);
