// `npx node bench/bulk/withheld-counts.ts`: what the history item, the preview's counts and the
// price of a 50,000-row list cost to read on an embedded PostgreSQL: a list to find, a list to
// verify not bought yet (its counts withheld: counted from its rows at every read) and the same
// list bought. Median of 15 reads each, after 3 to warm up.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  readBulkItem,
  readResultPrice,
  readResultSummary,
} from '../../apps/server/src/features/bulk/bulk-store.ts';
import { createBenchDatabase, createBenchUser, startBenchPostgres } from '../mailhound-process.ts';

const rows = 50_000;
const { server, close } = await startBenchPostgres('withheld');
try {
  const { pool, db } = await createBenchDatabase(server);
  const userId = await createBenchUser(db, 'bench@bench.test');

  // A completed list of `rows` rows, every other one found and verified.
  async function list(kind: 'find' | 'verify', bought: boolean): Promise<string> {
    const id = randomUUID();
    await db.execute(sql`
      insert into bulk_requests (id, user_id, file_name, header, status, total, held, verify_rows,
        success, fail, success_count, verified_count)
      values (${id}, ${userId}, 'list.csv', '["Email"]', 'completed', ${rows}, 0,
        ${kind === 'verify' ? rows : 0}, ${rows / 2}, ${rows / 2}, ${rows / 2}, ${rows / 2})`);
    await db.execute(sql`
      insert into bulk_rows (request_id, row_index, chunk, cells, query, state, email, score,
        verdict, judged_at)
      select ${id}, n, n / 1000, jsonb_build_array('p' || n || '@co' || n % 500 || '.test'),
        case when ${kind} = 'verify'
          then jsonb_build_object('kind', 'verify', 'email', 'p' || n || '@co' || n % 500 || '.test')
          else jsonb_build_object('kind', 'find', 'firstName', 'P', 'lastName', 'N' || n,
            'company', 'co' || n % 500 || '.test') end,
        'done', case when n % 2 = 0 then 'p' || n || '@co' || n % 500 || '.test' end,
        case when n % 2 = 0 then 99 else 0 end,
        jsonb_build_object('email', 'p' || n || '@co' || n % 500 || '.test',
          'status', case when n % 2 = 0 then 'valid' else 'invalid' end),
        now()
      from generate_series(0, ${rows - 1}) n`);
    if (bought) {
      await db.execute(sql`insert into bulk_purchases (id, request_id, user_id, credits)
        values (${randomUUID()}, ${id}, ${userId}, 0)`);
    }
    await db.execute(sql`analyze bulk_rows`);
    return id;
  }

  async function median(read: () => Promise<unknown>): Promise<string> {
    for (let i = 0; i < 3; i += 1) await read();
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const start = performance.now();
      await read();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return `${(times[7] ?? 0).toFixed(1)} ms`;
  }

  const lists = {
    'find list': await list('find', false),
    'verify list, not bought': await list('verify', false),
    'verify list, bought': await list('verify', true),
  };
  console.log(`${rows.toLocaleString('en-US')} rows a list; median of 15 reads`);
  console.log('list                       item        summary     price');
  for (const [name, id] of Object.entries(lists)) {
    const item = await median(() => readBulkItem(db, userId, id));
    const summary = await median(() => readResultSummary(db, id));
    const price = await median(() => readResultPrice(db, userId, id));
    console.log(`${name.padEnd(26)} ${item.padEnd(11)} ${summary.padEnd(11)} ${price}`);
  }
  await pool.end();
} finally {
  await close();
}
