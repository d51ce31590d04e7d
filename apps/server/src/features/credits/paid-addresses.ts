import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/database.ts';

// Claims addresses as paid for by the user, inside the caller's transaction, and says how many
// were new: only those are to be charged. Two transactions claiming one address queue on its
// key; the one whose insert wins pays, the other finds it paid (or claims it, if the first
// rolls back). `addresses`: the addresses, or a query whose first column gives them (a
// bulk result's verified rows); either is lower-cased and counted once.
export async function claimPaidAddresses(
  tx: Tx,
  userId: string,
  addresses: readonly string[] | SQL,
): Promise<number> {
  const source = Array.isArray(addresses)
    ? addresses.length === 0
      ? undefined
      : sql`values ${sql.join(
          addresses.map((email) => sql`(${email})`),
          sql`, `,
        )}`
    : (addresses as SQL);
  if (source === undefined) return 0;
  const claimed = await tx.execute(sql`
    insert into paid_addresses (user_id, email)
    select distinct ${userId}::uuid, lower(source.email)
    from (${source}) as source (email)
    where source.email is not null
    -- one order for every claim: two claims of overlapping lists queue, never deadlock
    order by 2
    on conflict do nothing`);
  return claimed.rowCount ?? 0;
}
