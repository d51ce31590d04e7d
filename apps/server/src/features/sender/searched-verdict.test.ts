import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports, type MailTransports } from '../../platform/mail/mail-transports.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createList, insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import { labEnv, postSearch, searchLab } from '../search/search.test-kit.ts';
import { campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { sendOne } from './send-one.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.test-kit.ts';
import { runTick } from './tick.ts';

let lab: MailLab;
let t: TestContext;
let sink: SmtpSink;
let transports: MailTransports;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: { ...labEnv(lab), MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  sink = await startSmtpSink();
  transports = createMailTransports(t.mailConnections);
});
afterAll(async () => {
  transports.close();
  await sink.stop();
  await t.close();
  await lab.close();
});

// 'Include risky addresses' (issue 25) judges an address by the latest verdict its user has on
// it, a single search's among them: the search stores it as it settles.
describe('a single search’s verdict in a campaign', () => {
  it('keeps an address a search judged accept_all out of a campaign, and says why before any tick', async () => {
    const user = await mailUser(t);
    const search = await postSearch(
      t.app,
      { firstName: 'Bo', lastName: 'Ray', companyWebsite: 'catchall.test' },
      { token: user.token },
    );
    const guess = String(search.last?.data.exactEmail);
    expect(search.last?.data.verdict).toMatchObject({ email: guess, status: 'accept_all' });

    const { groupId } = await createList(user.call, 'Searched', [guess, 'other@client.test']);
    const mailboxId = await insertMailbox(t, user.id, {
      email: 'sales@searched.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const campaignId = await startCampaign(user.call, {
      name: 'Searched',
      mailboxIds: [mailboxId],
      groupId,
    });
    const list = await user.call('GET', `/groups/${groupId}/extended`);
    expect(
      Object.fromEntries(
        (list.json().customers as { email: string; skipped: string | null }[]).map((contact) => [
          contact.email,
          contact.skipped,
        ]),
      ),
    ).toEqual({
      [guess]: 'Skipped: risky address (accept-all); tick Include risky addresses to send',
      'other@client.test': null,
    });

    const deps = {
      db: t.db,
      now: () => new Date(),
      publicUrl: t.config.publicUrl,
      tokens: createLinkTokens(t.config.tracking.secret),
      transports,
    };
    let now = Date.now();
    for (let tick = 0; tick < 3; tick += 1) {
      now += 60_000;
      for (const send of await runTick(t.db, new Date(now), seededRandom(3))) {
        await sendOne(deps, send.id);
      }
    }
    expect(sink.messages.flatMap((message) => message.to)).toEqual(['other@client.test']);
    // Not even planned: the tick left it out.
    const sends = await t.db
      .select()
      .from(campaignSends)
      .where(eq(campaignSends.campaignId, campaignId));
    expect(sends).toHaveLength(1);
  });
});
