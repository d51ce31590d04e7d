import { spintaxMessages } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import {
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
  weekdaySchedule,
} from './campaigns.test-kit.ts';

let t: TestContext;
let call: MailCall;
let userId: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ call, id: userId } = await mailUser(t));
});
afterAll(() => t.close());

async function newCampaign(name: string) {
  const response = await call('POST', '/campaigns', { name, status: 'active' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [key: string]: unknown };
}

describe('campaigns (api-spec §7 "Campaigns and mail")', () => {
  it('creates a campaign paused, whatever status is asked, with empty configuration', async () => {
    const campaign = await newCampaign('Spring launch');
    expect(campaign).toMatchObject({
      name: 'Spring launch',
      status: 'paused',
      customer_group_id: null,
      customer_group_name: null,
      schedules: [],
      steps: [],
      mailbox_ids: [],
      settings: {
        stop_after_reply: false,
        track_email: false,
        link_tracking: false,
        send_as_text: false,
        emails_limit: 0,
        min_email_gap: 0,
        max_email_gap: 0,
        max_new_leads: 0,
        new_leads_first: false,
        bounce_threshold: 5,
        include_risky: false,
      },
      ready: false,
      missing: ['contacts', 'schedule', 'sequences', 'mailbox'],
      ended: false,
      nothing_left: false,
      stats: { sent: 0, replied: 0, bounced: 0, unsubscribed: 0 },
    });
    const read = await call('GET', `/campaigns/${campaign.id}`);
    expect(read.json()).toEqual(campaign);
  });

  it("refuses a name in use (ignoring case) with the spec's message", async () => {
    await newCampaign('Taken name');
    const again = await call('POST', '/campaigns', { name: 'taken NAME', status: 'paused' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This name is already in use.');
    const other = await newCampaign('Other name');
    const rename = await call('PATCH', `/campaigns/${other.id}`, { name: 'Taken name' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('This name is already in use.');
  });

  it('validates schedules and steps with the contracts messages', async () => {
    const campaign = await newCampaign('Validation');
    const badStep = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ subject: 'Hi {{company}}', body: '<p>x</p>', email_gap: 0 }],
    });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.json().message).toBe('Subject contains invalid variables');
    const badBody = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ subject: 'Hi', body: '<p>{{phone}}</p>', email_gap: 0 }],
    });
    expect(badBody.json().message).toBe('Body contains invalid variables');
    const badSpintax = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ subject: 'Hi', body: '<p>{Thanks|Cheers, {{first_name}}</p>', email_gap: 0 }],
    });
    expect(badSpintax.statusCode).toBe(400);
    expect(badSpintax.json().message).toBe(spintaxMessages.unclosed);
    const badTime = await call('PATCH', `/campaigns/${campaign.id}`, {
      schedules: [{ ...weekdaySchedule, end_date: weekdaySchedule.start_date, end_time: '08:00' }],
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Time To must be later than Time From on the same day');
    const badDay = await call('PATCH', `/campaigns/${campaign.id}`, {
      schedules: [{ ...weekdaySchedule, days: ['MON', 'Monday'] }],
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toBe(
      'schedules.0.days.1 must be one of: MON, TUE, WED, THU, FRI, SAT, SUN',
    );
    const unchanged = await call('GET', `/campaigns/${campaign.id}`);
    expect(unchanged.json()).toMatchObject({ schedules: [], steps: [] });
  });

  // The spec sets no number of steps or schedules; without one, 3,000 steps or a gap of 2^53
  // days were stored and planned each minute by the sender.
  it('refuses more than 20 steps, 10 schedules or a wait over 4 digits, changing nothing', async () => {
    const campaign = await newCampaign('Bounds');
    const step = { subject: 'Hi', body: '<p>Hello</p>', email_gap: 1 };
    const manySteps = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: Array.from({ length: 3000 }, () => step),
    });
    expect(manySteps.statusCode).toBe(400);
    expect(manySteps.json().message).toBe('A campaign can have at most 20 steps');
    const manySchedules = await call('PATCH', `/campaigns/${campaign.id}`, {
      schedules: Array.from({ length: 5000 }, () => weekdaySchedule),
    });
    expect(manySchedules.statusCode).toBe(400);
    expect(manySchedules.json().message).toBe('A campaign can have at most 10 schedules');
    const longWait = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [step, { ...step, email_gap: 2 ** 53 - 1 }],
    });
    expect(longWait.statusCode).toBe(400);
    expect(longWait.json().message).toBe('Must be at most 4 digits');
    expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
      schedules: [],
      steps: [],
    });
    const most = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: Array.from({ length: 20 }, () => ({ ...step, email_gap: 9999 })),
      schedules: Array.from({ length: 10 }, () => weekdaySchedule),
    });
    expect(most.statusCode, most.body).toBe(200);
  });

  // Issue 25: a step's own subject and body are its variant A; `variants` holds B to D.
  it('saves up to 4 variants of a step, each checked like the step, and keeps a step without any', async () => {
    const campaign = await newCampaign('Variants');
    const step = { subject: 'Hi', body: '<p>Hello</p>', email_gap: 0 };
    const variants = [
      { subject: 'Quick question', body: '<p>{Hi|Hey} {{first_name}}</p>' },
      { subject: 'C', body: '<p>C</p>' },
      { subject: 'D', body: '<p>D</p>' },
    ];
    const saved = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [
        { ...step, variants },
        { ...step, email_gap: 2 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await call('GET', `/campaigns/${campaign.id}`)).json();
    expect(read.steps).toEqual([
      { ...step, variants },
      { ...step, email_gap: 2 },
    ]);
    const fifth = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ ...step, variants: [...variants, { subject: 'E', body: '<p>E</p>' }] }],
    });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe('A step can have at most 4 variants');
    const badVariant = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ ...step, variants: [{ subject: 'B', body: '<p>{Hi|Hey</p>' }] }],
    });
    expect(badVariant.statusCode).toBe(400);
    expect(badVariant.json().message).toBe(spintaxMessages.unclosed);
    const emptyVariant = await call('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ ...step, variants: [{ subject: '', body: '<p>B</p>' }] }],
    });
    expect(emptyVariant.statusCode).toBe(400);
    expect(emptyVariant.json().message).toBe('This field is required');
    expect((await call('GET', `/campaigns/${campaign.id}`)).json().steps).toEqual(read.steps);
  });

  it('starts only when ready, naming what is missing, and changes nothing when refused', async () => {
    const campaign = await newCampaign('Readiness');
    const { groupId } = await createList(call, 'Readiness list', ['a@example.org']);
    const refused = await call('PATCH', `/campaigns/${campaign.id}`, {
      customer_group_id: groupId,
      status: 'active',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The campaign is not ready to start.',
      missing: ['schedule', 'sequences', 'mailbox'],
    });
    expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
      customer_group_id: null,
      status: 'paused',
    });

    const configured = await call('PATCH', `/campaigns/${campaign.id}`, {
      customer_group_id: groupId,
      schedules: [weekdaySchedule],
      steps: [firstStep, { ...firstStep, subject: 'Following up', email_gap: 2 }],
    });
    expect(configured.json()).toMatchObject({
      customer_group_name: 'Readiness list',
      missing: ['mailbox'],
      ready: false,
    });
    // A mailbox whose login failed does not count.
    const broken = await insertMailbox(t, userId, { status: 'error' });
    await call('PATCH', `/campaigns/${campaign.id}/settings`, settingsWith([broken]));
    expect(
      (await call('PATCH', `/campaigns/${campaign.id}`, { status: 'active' })).json().missing,
    ).toEqual(['mailbox']);

    const working = await insertMailbox(t, userId);
    await call('PATCH', `/campaigns/${campaign.id}/settings`, settingsWith([broken, working]));
    const started = await call('PATCH', `/campaigns/${campaign.id}`, { status: 'active' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'active', ready: true, missing: [] });
    const paused = await call('PATCH', `/campaigns/${campaign.id}`, { status: 'paused' });
    expect(paused.json().status).toBe('paused');
  });

  it('refuses a contact list another campaign uses (a list has one campaign) and changes nothing', async () => {
    const owner = await newCampaign('List owner');
    const other = await newCampaign('List borrower');
    const { groupId } = await createList(call, 'Owned prospects', ['owned@example.org']);
    const { groupId: freeId } = await createList(call, 'Free prospects', ['free@example.org']);
    const taken = await call('PATCH', `/campaigns/${owner.id}`, { customer_group_id: groupId });
    expect(taken.statusCode, taken.body).toBe(200);

    const refused = await call('PATCH', `/campaigns/${other.id}`, {
      customer_group_id: groupId,
      name: 'Renamed borrower',
      steps: [firstStep],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This contact list is already used by the campaign "List owner".',
    );
    expect((await call('GET', `/campaigns/${other.id}`)).json()).toMatchObject({
      name: 'List borrower',
      customer_group_id: null,
      steps: [],
    });
    const lists = await call('GET', '/groups/search?key=Owned%20prospects');
    expect(lists.json().groups).toMatchObject([
      { id: groupId, campaign_id: owner.id, campaign_name: 'List owner' },
    ]);

    // The campaign's own list saves again; a free list is taken.
    const again = await call('PATCH', `/campaigns/${owner.id}`, {
      customer_group_id: groupId,
      name: 'List owner again',
    });
    expect(again.json()).toMatchObject({ name: 'List owner again', customer_group_id: groupId });
    const free = await call('PATCH', `/campaigns/${other.id}`, { customer_group_id: freeId });
    expect(free.json()).toMatchObject({ customer_group_name: 'Free prospects' });
    // A list its campaign gave up is free again.
    await call('PATCH', `/campaigns/${owner.id}`, { customer_group_id: null });
    const moved = await call('PATCH', `/campaigns/${other.id}`, { customer_group_id: groupId });
    expect(moved.json()).toMatchObject({ customer_group_name: 'Owned prospects' });
  });

  it('saves settings: send_as_text turns tracking off; limits and mailboxes are checked', async () => {
    const campaign = await newCampaign('Settings');
    const mailbox = await insertMailbox(t, userId);
    const saved = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      send_as_text: true,
      track_email: true,
      link_tracking: true,
      emails_limit: 25,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      mailbox_ids: [mailbox],
      settings: { send_as_text: true, track_email: false, link_tracking: false, emails_limit: 25 },
    });
    const none = await call('PATCH', `/campaigns/${campaign.id}/settings`, settingsWith([]));
    expect(none.json().message).toBe('Select at least one mailbox');
    const gaps = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      min_email_gap: 100,
      max_email_gap: 100,
    });
    expect(gaps.json().message).toBe('Max must be higher than Min');
    const limit = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      emails_limit: 51,
    });
    expect(limit.json().message).toBe('The number of emails cannot be more than 50');

    const stranger = await mailUser(t);
    const theirs = await insertMailbox(t, stranger.id);
    const foreign = await call(
      'PATCH',
      `/campaigns/${campaign.id}/settings`,
      settingsWith([theirs]),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/campaigns/${campaign.id}`)).json().mailbox_ids).toEqual([mailbox]);
  });

  it("keeps the stored protection settings when a save leaves them out (api-spec §3's fields only)", async () => {
    const campaign = await newCampaign('Protection kept');
    const mailbox = await insertMailbox(t, userId);
    const protection = { bounce_threshold: 7, include_risky: true, complaint_threshold: 0.5 };
    const first = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      ...protection,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      emails_limit: 30,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().settings).toMatchObject({ ...protection, emails_limit: 30 });
    const read = await call('GET', `/campaigns/${campaign.id}`);
    expect(read.json().settings).toMatchObject({ ...protection, emails_limit: 30 });
    // One field sent changes that one only.
    const one = await call('PATCH', `/campaigns/${campaign.id}/settings`, {
      ...settingsWith([mailbox]),
      include_risky: false,
    });
    expect(one.json().settings).toMatchObject({ ...protection, include_risky: false });
  });

  it('lists and searches with paging and sorting', async () => {
    const list = await call('GET', '/campaigns/list?page=1&count=2');
    expect(list.json()).toMatchObject({ page: 1, per_page: 2 });
    expect(list.json().total_count).toBeGreaterThanOrEqual(5);
    const all = await call('GET', '/campaigns/list?count=100&column=name&order=asc');
    const names = (all.json().campaigns as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const search = await call('GET', '/campaigns/search?key=SETT');
    expect(search.json()).toMatchObject({ total_count: 1, campaigns: [{ name: 'Settings' }] });
    // A search key is at most 30 characters (product-spec §5 "Search name").
    const long = await call('GET', `/campaigns/search?key=${'s'.repeat(31)}`);
    expect(long.statusCode).toBe(400);
  });

  it('reports ended once the first schedule end has passed in its timezone', async () => {
    const campaign = await newCampaign('Ending');
    const ending = await call('PATCH', `/campaigns/${campaign.id}`, {
      schedules: [
        {
          ...weekdaySchedule,
          start_date: '2020-01-01',
          end_date: '2020-02-01',
          timezone: 'Asia/Tokyo',
        },
      ],
    });
    expect(ending.json().ended).toBe(true);
    const open = await call('PATCH', `/campaigns/${campaign.id}`, {
      schedules: [{ ...weekdaySchedule, end_date: '2999-01-01' }],
    });
    expect(open.json().ended).toBe(false);
  });

  it("hides other users' campaigns and deletes", async () => {
    const campaign = await newCampaign('Private');
    const stranger = await mailUser(t);
    expect((await stranger.call('GET', `/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.call('PATCH', `/campaigns/${campaign.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    const deleted = await call('DELETE', `/campaigns/${campaign.id}`);
    expect(deleted.json()).toEqual({ message: 'The campaign was deleted.' });
    expect((await call('GET', `/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe('e-mail templates', () => {
  it('saves, lists, loads and deletes templates of the owner only', async () => {
    const saved = await call('POST', '/email/templates', {
      name: 'Intro',
      subject: 'Hi {{first_name}}',
      body: '<p>Hello</p>',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const template = saved.json();
    expect(template).toMatchObject({ name: 'Intro', subject: 'Hi {{first_name}}' });
    expect((await call('GET', '/email/templates/list')).json()).toEqual([template]);
    expect((await call('GET', `/email/templates/${template.id}`)).json()).toEqual(template);
    const invalid = await call('POST', '/email/templates', {
      name: 'Bad',
      subject: 'Hi',
      body: '{{nope}}',
    });
    expect(invalid.json().message).toBe('Body contains invalid variables');
    const stranger = await mailUser(t);
    expect((await stranger.call('GET', `/email/templates/${template.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/email/templates/${template.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/email/templates/list')).json()).toEqual([]);
  });
});
