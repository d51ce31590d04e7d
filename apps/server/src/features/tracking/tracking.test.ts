import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports, type MailTransports } from '../../platform/mail/mail-transports.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import {
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
} from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { unsubscribes } from '../sender/schema.ts';
import { seededRandom } from '../sender/seeded-random.ts';
import { type SendDeps, sendOne } from '../sender/send-one.ts';
import { decodedBody, type SmtpSink, startSmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { runTick } from '../sender/tick.ts';

let t: TestContext;
let call: MailCall;
let sink: SmtpSink;
let transports: MailTransports;
let deps: SendDeps;
let campaignId: string;
let now = new Date('2030-05-06T09:00:00Z');

const survey = {
  rating: 2,
  questions: [
    { title: 'I receive too many emails.', is_marked: true },
    { title: 'Other (please specify)', is_marked: true, comment: 'Wrong person' },
  ],
};

async function tickAndSend() {
  for (const send of await runTick(t.db, now, seededRandom(5))) await sendOne(deps, send.id);
}

// The links of the newest mail to a recipient.
function linksTo(recipient: string) {
  const message = sink.messages.filter((m) => m.to[0] === recipient).at(-1);
  const body = decodedBody(message?.raw ?? '');
  return {
    unsub: /unsub=([A-Za-z0-9._-]+)/.exec(body)?.[1] ?? '',
    click: /tracker\/click\?mlsr=([A-Za-z0-9._-]+)/.exec(body)?.[1] ?? '',
  };
}

const publicCall = (method: 'GET' | 'POST', url: string, payload?: object | string) =>
  t.app.inject({
    method,
    url: `/api/mail${url}`,
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : payload
        ? { payload }
        : {}),
  });

const forge = (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  let userId: string;
  ({ call, id: userId } = await mailUser(t));
  sink = await startSmtpSink();
  transports = createMailTransports(t.mailConnections);
  deps = {
    db: t.db,
    now: () => now,
    publicUrl: t.config.publicUrl,
    tokens: createLinkTokens(t.config.tracking.secret),
    transports,
  };
  const mailboxId = await insertMailbox(t, userId, {
    smtpPort: sink.port,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
  const { groupId } = await createList(call, 'Readers', [
    'survey@client.test',
    'oneclick@client.test',
    'stays@client.test',
  ]);
  campaignId = (await call('POST', '/campaigns', { name: 'Tracked', status: 'paused' })).json().id;
  await call('PATCH', `/campaigns/${campaignId}/settings`, {
    ...settingsWith([mailboxId]),
    min_email_gap: 0,
    max_email_gap: 1,
  });
  const started = await call('PATCH', `/campaigns/${campaignId}`, {
    customer_group_id: groupId,
    schedules: [
      {
        name: 'Always',
        timezone: 'UTC',
        start_time: '00:00',
        end_time: '23:59',
        start_date: '2030-01-01',
        end_date: null,
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      },
    ],
    steps: [firstStep, { subject: 'Again', body: '<p>Still there?</p>', email_gap: 1 }],
    status: 'active',
  });
  expect(started.statusCode, started.body).toBe(200);
  await tickAndSend();
  expect(sink.messages).toHaveLength(3);
});
afterAll(async () => {
  transports.close();
  await sink.stop();
  await t.close();
});

describe('click tracking', () => {
  it('records the first click and redirects to the original link, every time', async () => {
    const { click } = linksTo('stays@client.test');
    const first = await publicCall('GET', `/tracker/click?mlsr=${click}`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.com/offer');
    const again = await publicCall('GET', `/tracker/click?mlsr=${click}`);
    expect(again.headers.location).toBe('https://example.com/offer');
    expect(await t.countRows('link_clicks')).toBe(1);
  });

  it('refuses a forged link and records nothing', async () => {
    const { click } = linksTo('survey@client.test');
    const forged = await publicCall('GET', `/tracker/click?mlsr=${forge(click)}`);
    expect(forged.statusCode).toBe(400);
    const madeUp = createLinkTokens('another secret').sign({
      kind: 'click',
      sendId: '00000000-0000-4000-8000-000000000000',
      url: 'https://evil.test',
    });
    expect((await publicCall('GET', `/tracker/click?mlsr=${madeUp}`)).statusCode).toBe(400);
    expect(await t.countRows('link_clicks')).toBe(1);
  });
});

describe('unsubscribe', () => {
  it('refuses a forged token and changes nothing', async () => {
    const { unsub } = linksTo('survey@client.test');
    const forged = await publicCall('POST', `/campaigns/unsubscribe?mlsr=${forge(unsub)}`, survey);
    expect(forged.statusCode).toBe(400);
    // A click token is not an unsubscribe token.
    const { click } = linksTo('survey@client.test');
    expect(
      (await publicCall('POST', `/campaigns/unsubscribe?mlsr=${click}`, survey)).statusCode,
    ).toBe(400);
    expect(await t.countRows('unsubscribes')).toBe(0);
  });

  it('refuses a comment that is not valid Unicode with a 400 in words, recording nothing', async () => {
    const { unsub } = linksTo('survey@client.test');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/mail/campaigns/unsubscribe?mlsr=${unsub}`,
      headers: { 'content-type': 'application/json' },
      payload:
        '{"rating": 2, "questions": [{"title": "Other (please specify)", "is_marked": true, "comment": "Wrong \\ud800"}]}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Text must be valid Unicode: it cannot contain a lone surrogate (\\ud800 to \\udfff).',
    );
    expect(await t.countRows('unsubscribes')).toBe(0);
  });

  it('records the survey once; a second submission is 409 and changes nothing', async () => {
    const { unsub } = linksTo('survey@client.test');
    const first = await publicCall('POST', `/campaigns/unsubscribe?mlsr=${unsub}`, survey);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'You have been unsubscribed.' });
    const second = await publicCall('POST', `/campaigns/unsubscribe?mlsr=${unsub}`, {
      rating: 5,
      questions: [],
    });
    expect(second.statusCode).toBe(409);
    const rows = await t.db
      .select({ rating: unsubscribes.rating, questions: unsubscribes.questions })
      .from(unsubscribes);
    expect(rows).toEqual([{ rating: 2, questions: survey.questions }]);
  });

  it('one-click works without the page, any number of times', async () => {
    const { unsub } = linksTo('oneclick@client.test');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await publicCall(
        'POST',
        `/campaigns/unsubscribe/one-click?mlsr=${unsub}`,
        'List-Unsubscribe=One-Click',
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await t.countRows('unsubscribes')).toBe(2);
    // The same address opened in a browser goes to the unsubscribe page and changes nothing.
    const opened = await publicCall('GET', `/campaigns/unsubscribe/one-click?mlsr=${unsub}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(
      new RegExp(`/survey/campaign-unsubscribe\\?unsub=${unsub}$`),
    );
    expect(await t.countRows('unsubscribes')).toBe(2);
    const forged = await publicCall(
      'POST',
      `/campaigns/unsubscribe/one-click?mlsr=${forge(unsub)}`,
      'List-Unsubscribe=One-Click',
    );
    expect(forged.statusCode).toBe(400);
  });

  it("shows the unsubscribed addresses on the user's do-not-email list (issue 25)", async () => {
    const list = await call('GET', '/suppression');
    const entries = (list.json() as { entries: { entry: string; source: string }[] }).entries;
    expect(entries.map(({ entry, source }) => ({ entry, source }))).toEqual([
      { entry: 'oneclick@client.test', source: 'unsubscribe' },
      { entry: 'survey@client.test', source: 'unsubscribe' },
    ]);
  });

  it('stops every further mail to unsubscribed contacts; the others get their follow-up', async () => {
    now = new Date('2030-05-07T09:30:00Z');
    const before = sink.messages.length;
    await tickAndSend();
    expect(sink.messages.slice(before).map((m) => m.to[0])).toEqual(['stays@client.test']);
    const campaign = (await call('GET', `/campaigns/${campaignId}`)).json();
    expect(campaign.stats).toEqual({ sent: 4, replied: 0, bounced: 0, unsubscribed: 2 });
  });
});
