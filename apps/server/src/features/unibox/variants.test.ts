import type { ThreadDetail, ThreadPage } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createList, insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { campaignSends } from '../sender/schema.ts';
import { type SenderRun, startSenderRun } from '../sender/sender-run.test-kit.ts';
import { fileMessage } from './file-message.ts';
import { headerlessReplyMail } from './messages.test-kit.ts';

let t: TestContext;
let run: SenderRun;

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  run = await startSenderRun(t, () => new Date('2030-03-04T10:00:00Z'));
});
afterAll(async () => {
  await run.stop();
  await t.close();
});

// Issue 25: the Unibox shows, and matches answers against, the variant each contact got.
describe('a campaign with A/B variants in the Unibox', () => {
  it('files an answer to variant B by its subject and shows the e-mail as B went out', async () => {
    const { id: userId, call } = await mailUser(t);
    const mailbox = { email: 'ab@unibox.test' };
    const mailboxId = await insertMailbox(t, userId, {
      ...mailbox,
      smtpPort: run.sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'AB', ['ann@client.test', 'ben@client.test']);
    await startCampaign(call, {
      name: 'AB',
      mailboxIds: [mailboxId],
      groupId,
      steps: [
        {
          subject: 'Quick question',
          body: '<p>Variant A</p>',
          variants: [{ subject: 'A thought for {{first_name}}', body: '<p>Variant B</p>' }],
          email_gap: 0,
        },
      ],
    });
    expect((await run.tickAndSend()).map((result) => result.status)).toEqual(['sent', 'sent']);
    const [contactB] = await t.db
      .select({ email: customers.email, fname: customers.fname })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(eq(campaignSends.variant, 1));
    const subjectB = `A thought for ${contactB?.fname}`;

    const tokens = createLinkTokens(t.config.tracking.secret);
    const filed = await fileMessage(
      { db: t.db, tokens, publicUrl: t.config.publicUrl },
      { id: mailboxId, userId },
      headerlessReplyMail({
        from: contactB?.email ?? '',
        to: mailbox.email,
        subject: `Re: ${subjectB}`,
        text: 'Sounds good.',
      }),
      { uidValidity: 1, uid: 1 },
      new Date('2030-03-04T11:30:00Z'),
    );
    expect(filed).toBe('reply');
    const threads = (await call('GET', '/unibox/threads')).json() as ThreadPage;
    expect(threads.threads.map((thread) => [thread.lead.email, thread.subject])).toEqual([
      [contactB?.email, subjectB],
    ]);
    const detail = (
      await call('GET', `/unibox/threads/${threads.threads[0]?.id}`)
    ).json() as ThreadDetail;
    const campaignMail = detail.messages.find((message) => message.kind === 'campaign');
    expect(campaignMail?.subject).toBe(subjectB);
    expect(campaignMail?.text).toBe('Variant B');
  });
});
