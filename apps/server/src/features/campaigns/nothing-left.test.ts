import { campaignAnswerSchema, campaignPageSchema } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { senderRunForFile } from '../sender/sender-run.test-kit.ts';
import { createList, insertMailbox, startCampaign } from './campaigns.test-kit.ts';

let now = new Date('2030-03-04T10:00:00Z');
const file = senderRunForFile(() => now);

async function campaignOf(call: MailCall, id: string) {
  const response = await call('GET', `/campaigns/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return campaignAnswerSchema.parse(response.json());
}

async function listedNothingLeft(call: MailCall, id: string) {
  const response = await call('GET', '/campaigns/list');
  const page = campaignPageSchema.parse(response.json());
  return page.campaigns.find((campaign) => campaign.id === id)?.nothing_left;
}

async function senderCampaign(name: string, emails: string[]) {
  const { id: userId, call } = await mailUser(file.t);
  const mailboxId = await insertMailbox(file.t, userId, {
    email: `${name.toLowerCase()}@sender.test`,
    smtpPort: file.run.sink.port,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
  const { groupId } = await createList(call, `${name} list`, emails);
  return { call, groupId, mailboxId, name };
}

describe("a campaign's nothing_left", () => {
  it('says so of an active campaign whose every contact is on the Do-not-email list', async () => {
    const setup = await senderCampaign('Listed', ['ann@listed.test', 'bo@listed.test']);
    const { call } = setup;
    const id = await startCampaign(call, { ...setup, mailboxIds: [setup.mailboxId] });
    expect((await campaignOf(call, id)).nothing_left).toBe(false);

    await call('POST', '/suppression', { entries: ['ann@listed.test', '@listed.test'] });
    const campaign = await campaignOf(call, id);
    expect(campaign).toMatchObject({ status: 'active', nothing_left: true });
    expect(await listedNothingLeft(call, id)).toBe(true);
  });

  it('says so once every contact has had every step, and not while one still waits for one', async () => {
    const setup = await senderCampaign('Done', ['ann@done.test', 'bo@done.test']);
    const { call } = setup;
    const id = await startCampaign(call, {
      ...setup,
      mailboxIds: [setup.mailboxId],
      steps: [
        { subject: 'Hello', body: '<p>Hi {{first_name}}</p>', email_gap: 0 },
        { subject: 'Again', body: '<p>Again, {{first_name}}</p>', email_gap: 1 },
      ],
    });
    // The first step out to both: the second is still to come.
    expect(await file.run.tickAndSend()).toHaveLength(2);
    expect((await campaignOf(call, id)).nothing_left).toBe(false);
    expect(await listedNothingLeft(call, id)).toBe(false);

    now = new Date(now.getTime() + 2 * 86_400_000);
    expect((await file.run.tickAndSend()).map((result) => result.status)).toEqual(['sent', 'sent']);
    expect(await campaignOf(call, id)).toMatchObject({ status: 'active', nothing_left: true });
    expect(await listedNothingLeft(call, id)).toBe(true);

    // A contact added to the list is someone left to write to again.
    const more = await createList(call, 'Newcomer', ['cy@done.test']);
    const added = await call('PATCH', `/groups/${setup.groupId}/add-users`, {
      customer_ids: more.customerIds,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await campaignOf(call, id)).nothing_left).toBe(false);
  });

  it('is false for a campaign without a list or with an empty one', async () => {
    const { call } = await mailUser(file.t);
    const created = await call('POST', '/campaigns', { name: 'Bare', status: 'paused' });
    expect((await campaignOf(call, created.json().id)).nothing_left).toBe(false);
  });
});
