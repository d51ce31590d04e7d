import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import {
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
  weekdaySchedule,
} from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { mailboxes } from './schema.ts';

let t: TestContext;
let owner: { id: string; call: MailCall };
let stranger: { id: string; call: MailCall };

beforeAll(async () => {
  t = await createTestContext();
  [owner, stranger] = await Promise.all([mailUser(t), mailUser(t)]);
});
afterAll(() => t.close());

let lists = 0;

// A ready campaign sending from the mailboxes, started unless told otherwise.
async function campaignWith(
  user: { call: MailCall },
  name: string,
  mailboxIds: string[],
  status: 'active' | 'paused' = 'active',
) {
  const { call } = user;
  lists += 1;
  const { groupId } = await createList(call, `List ${lists}`, [`lead${lists}@client.test`]);
  const id = (await call('POST', '/campaigns', { name, status: 'paused' })).json().id as string;
  await call('PATCH', `/campaigns/${id}/settings`, settingsWith(mailboxIds));
  const configured = await call('PATCH', `/campaigns/${id}`, {
    customer_group_id: groupId,
    schedules: [weekdaySchedule],
    steps: [firstStep],
    status,
  });
  expect(configured.statusCode, configured.body).toBe(200);
  return id;
}

async function campaignOf(user: { call: MailCall }, id: string) {
  return (await user.call('GET', `/campaigns/${id}`)).json();
}

describe('deleting a mailbox that campaigns send from', () => {
  it('pauses an active campaign whose only active mailbox it was, with the usual answer', async () => {
    const mailbox = await insertMailbox(t, owner.id);
    const broken = await insertMailbox(t, owner.id, { status: 'error' });
    const only = await campaignWith(owner, 'Only sender', [mailbox]);
    // A mailbox whose login fails does not send: the campaign is left without one too.
    const withBroken = await campaignWith(owner, 'Broken second', [mailbox, broken]);

    const deleted = await owner.call('DELETE', `/mailboxes/${mailbox}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'The mailbox was deleted.' });

    for (const id of [only, withBroken]) {
      expect(await campaignOf(owner, id)).toMatchObject({
        status: 'paused',
        ready: false,
        missing: ['mailbox'],
      });
    }
    expect((await campaignOf(owner, withBroken)).mailbox_ids).toEqual([broken]);
    // It starts again only once it has an active mailbox.
    const restart = await owner.call('PATCH', `/campaigns/${only}`, { status: 'active' });
    expect(restart.json().missing).toEqual(['mailbox']);
  });

  it('leaves active a campaign that keeps another active mailbox, and a paused one paused', async () => {
    const leaving = await insertMailbox(t, owner.id);
    const staying = await insertMailbox(t, owner.id);
    const shared = await campaignWith(owner, 'Two senders', [leaving, staying]);
    const resting = await campaignWith(owner, 'Resting', [leaving], 'paused');
    const unrelated = await campaignWith(owner, 'Unrelated', [staying]);

    expect((await owner.call('DELETE', `/mailboxes/${leaving}`)).statusCode).toBe(200);

    expect(await campaignOf(owner, shared)).toMatchObject({
      status: 'active',
      ready: true,
      mailbox_ids: [staying],
    });
    expect((await campaignOf(owner, resting)).status).toBe('paused');
    expect((await campaignOf(owner, unrelated)).status).toBe('active');
  });

  it('pauses a campaign whose two mailboxes are deleted at the same time', async () => {
    const first = await insertMailbox(t, owner.id);
    const second = await insertMailbox(t, owner.id);
    const campaign = await campaignWith(owner, 'Twin senders', [first, second]);
    const answers = await Promise.all(
      [first, second].map((id) => owner.call('DELETE', `/mailboxes/${id}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await campaignOf(owner, campaign)).status).toBe('paused');
  });

  it("leaves another user's campaigns untouched, even one already without an active mailbox", async () => {
    const theirs = await insertMailbox(t, stranger.id);
    const theirCampaign = await campaignWith(stranger, 'Their outreach', [theirs]);
    // Their mailbox's login failed after the start: the campaign is active without a sender.
    await t.db.update(mailboxes).set({ status: 'error' }).where(eq(mailboxes.id, theirs));
    const mine = await insertMailbox(t, owner.id);
    const myCampaign = await campaignWith(owner, 'My outreach', [mine]);

    expect((await stranger.call('DELETE', `/mailboxes/${mine}`)).statusCode).toBe(404);
    expect((await campaignOf(owner, myCampaign)).status).toBe('active');

    expect((await owner.call('DELETE', `/mailboxes/${mine}`)).statusCode).toBe(200);
    expect((await campaignOf(owner, myCampaign)).status).toBe('paused');
    expect((await campaignOf(stranger, theirCampaign)).status).toBe('active');
  });
});

describe('the campaigns a mailbox sends from (GET /mailboxes/:id/campaigns)', () => {
  it('names each campaign with its status and whether it would be left without a mailbox', async () => {
    const mailbox = await insertMailbox(t, owner.id);
    const other = await insertMailbox(t, owner.id);
    const broken = await insertMailbox(t, owner.id, { status: 'error' });
    const spring = await campaignWith(owner, 'Spring outreach', [mailbox]);
    const q4 = await campaignWith(owner, 'Q4 follow-up', [mailbox, other]);
    const autumn = await campaignWith(owner, 'autumn leads', [mailbox, broken], 'paused');
    await campaignWith(owner, 'Elsewhere', [other]);

    const usage = await owner.call('GET', `/mailboxes/${mailbox}/campaigns`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toEqual({
      campaigns: [
        { id: autumn, name: 'autumn leads', status: 'paused', left_without_mailbox: true },
        { id: q4, name: 'Q4 follow-up', status: 'active', left_without_mailbox: false },
        { id: spring, name: 'Spring outreach', status: 'active', left_without_mailbox: true },
      ],
    });
    const unused = await owner.call('GET', `/mailboxes/${broken}/campaigns`);
    expect(unused.json().campaigns.map((campaign: { id: string }) => campaign.id)).toEqual([
      autumn,
    ]);
  });

  it('answers an empty list for a mailbox no campaign uses', async () => {
    const idle = await insertMailbox(t, owner.id);
    expect((await owner.call('GET', `/mailboxes/${idle}/campaigns`)).json()).toEqual({
      campaigns: [],
    });
  });

  it("answers 404 for another user's mailbox or an unknown id", async () => {
    const mailbox = await insertMailbox(t, owner.id);
    await campaignWith(owner, 'Hidden campaign', [mailbox]);
    const foreign = await stranger.call('GET', `/mailboxes/${mailbox}/campaigns`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Mailbox not found');
    expect(foreign.body).not.toContain('Hidden campaign');
    expect((await owner.call('GET', '/mailboxes/not-an-id/campaigns')).statusCode).toBe(404);
  });
});
