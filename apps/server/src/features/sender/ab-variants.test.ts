import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createList, insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { campaignSends } from './schema.ts';
import { senderRunForFile } from './sender-run.test-kit.ts';
import { headersOf } from './smtp-sink.test-kit.ts';

let now = new Date('2030-03-04T10:00:00Z');
const file = senderRunForFile(() => now);

async function tickAndSend() {
  const results = await file.run.tickAndSend();
  expect(results.map((result) => result.status)).toEqual(results.map(() => 'sent'));
  return results.length;
}

const tally = (variants: number[], total: number) =>
  Array.from({ length: total }, (_, index) => variants.filter((one) => one === index).length);

const firstSubjects = ['Quick question', 'A thought for {{first_name}}', 'Hello {{first_name}}'];
const secondSubjects = ['Quick question', 'Following up'];

describe('A/B variants of a step (issue 25)', () => {
  it('splits the contacts exactly over the variants, sends each its own, and threads follow-ups under the first step it got', async () => {
    const { id: userId, call } = await mailUser(file.t);
    const mailboxId = await insertMailbox(file.t, userId, {
      email: 'ab@sender.test',
      smtpPort: file.run.sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const emails = Array.from({ length: 10 }, (_, index) => `lead${index}@ab.test`);
    const { groupId } = await createList(call, 'AB leads', emails);
    const variant = (subject: string, letter: string) => ({
      subject,
      body: `<p>Variant ${letter} for {{first_name}}</p>`,
    });
    const campaignId = await startCampaign(call, {
      name: 'AB test',
      mailboxIds: [mailboxId],
      groupId,
      steps: [
        {
          ...variant(firstSubjects[0] as string, 'A'),
          variants: [
            variant(firstSubjects[1] as string, 'B'),
            variant(firstSubjects[2] as string, 'C'),
          ],
          email_gap: 0,
        },
        {
          ...variant(secondSubjects[0] as string, 'A'),
          variants: [variant(secondSubjects[1] as string, 'B')],
          email_gap: 2,
        },
      ],
    });

    expect(await tickAndSend()).toBe(10);
    const rows = () =>
      file.t.db
        .select({
          step: campaignSends.step,
          variant: campaignSends.variant,
          messageId: campaignSends.messageId,
          email: customers.email,
          fname: customers.fname,
        })
        .from(campaignSends)
        .innerJoin(customers, eq(customers.id, campaignSends.customerId))
        .where(eq(campaignSends.campaignId, campaignId));
    const first = await rows();
    // 10 contacts over 3 variants: 4, 3 and 3.
    expect(
      tally(
        first.map((row) => row.variant),
        3,
      ),
    ).toEqual([4, 3, 3]);
    const byMessageId = new Map(
      file.run.sink.messages.map((message) => [headersOf(message.raw)['message-id'], message.raw]),
    );
    for (const row of first) {
      const raw = byMessageId.get(row.messageId) ?? '';
      const letter = 'ABC'[row.variant];
      expect(headersOf(raw).subject).toBe(
        (firstSubjects[row.variant] as string).replace('{{first_name}}', row.fname),
      );
      expect(raw).toContain(`Variant ${letter} for ${row.fname}`);
    }

    now = new Date('2030-03-06T10:01:00Z');
    expect(await tickAndSend()).toBe(10);
    const all = await rows();
    const second = all.filter((row) => row.step === 1);
    expect(
      tally(
        second.map((row) => row.variant),
        2,
      ),
    ).toEqual([5, 5]);
    const headersByMessageId = new Map(
      file.run.sink.messages.map((message) => [
        headersOf(message.raw)['message-id'],
        headersOf(message.raw),
      ]),
    );
    for (const row of second) {
      const earlier = all.find((one) => one.step === 0 && one.email === row.email);
      const firstSubject = (firstSubjects[earlier?.variant ?? -1] as string).replace(
        '{{first_name}}',
        row.fname,
      );
      const own = secondSubjects[row.variant] as string;
      const headers = headersByMessageId.get(row.messageId);
      // A follow-up repeating the subject of the variant the contact got answers it.
      expect(headers?.subject).toBe(own === firstSubject ? `Re: ${firstSubject}` : own);
      expect(headers?.['in-reply-to']).toBe(earlier?.messageId);
    }
  });
});
