import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSectionOnly } from '../../platform/access.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser } from './contacts.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// A user whose account does not have the mail section (properties.sections).
async function userWithout(): Promise<{ id: string; call: MailCall }> {
  const user = await mailUser(t);
  await t.db.execute(
    sql`update users set properties = '{"sections": []}'::jsonb where id = ${user.id}`,
  );
  return user;
}

const reads = [
  '/groups/list',
  '/mailboxes/list',
  '/campaigns/list',
  '/unibox/threads',
  '/analytics',
] as const;

describe('the mail section (product-spec §6 "Mail-section user")', () => {
  it("keeps contacts, mailboxes, campaigns, the Unibox and analytics to the section's users", async () => {
    const member = await mailUser(t);
    const outsider = await userWithout();
    for (const url of reads) {
      expect((await member.call('GET', url)).statusCode, url).toBe(200);
      const refused = await outsider.call('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ message: mailSectionOnly });
    }
  });

  it('refuses to create a contact list for a user without it, creating nothing', async () => {
    const outsider = await userWithout();
    const before = await t.countRows('groups');
    const response = await outsider.call('POST', '/groups', { name: 'Leads', customer_ids: [] });
    expect(response.statusCode).toBe(403);
    expect(await t.countRows('groups')).toBe(before);
  });
});
