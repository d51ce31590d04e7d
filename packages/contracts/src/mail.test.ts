import { describe, expect, it } from 'vitest';
import { issuesOf, messageOf } from './issues.test-kit.ts';
import {
  bodyToHtml,
  campaignCreateSchema,
  campaignNameSchema,
  campaignSchedulesSchema,
  campaignSettingsDefaults,
  campaignSettingsSchema,
  campaignStepSchema,
  campaignStepsSchema,
  columnNameSchema,
  contactSchema,
  customColumnValueSchema,
  forwardSchema,
  hasOnlyKnownVariables,
  htmlToText,
  isHtmlBody,
  listNameSchema,
  mailboxFormSchema,
  noteSchema,
  otherFeatureSchema,
  replySchema,
  scheduleSchema,
  sendingLimitsSchema,
  stepVariants,
  TEMPLATE_VARIABLES,
} from './mail.ts';
import { spintaxMessages } from './spintax.ts';

describe('mailbox form (product-spec §5)', () => {
  const mailbox = {
    email: 'Sales@Acme.com',
    name: 'Sales',
    description: 'Outbound',
    password: 'app-password',
    smtp_host: 'smtp.acme.com',
    smtp_port: 587,
    imap_host: 'imap.acme.com',
    imap_port: '993',
  };

  it('accepts a complete mailbox, ports given as text or numbers', () => {
    expect(mailboxFormSchema.parse(mailbox)).toEqual({
      ...mailbox,
      email: 'sales@acme.com',
      imap_port: 993,
    });
  });

  it('limits the name to 30 and the description to 50 characters', () => {
    expect(
      issuesOf(mailboxFormSchema, {
        ...mailbox,
        name: 'n'.repeat(31),
        description: 'd'.repeat(51),
      }),
    ).toEqual({
      name: ['Must be at most 30 characters'],
      description: ['Must be at most 50 characters'],
    });
    expect(
      mailboxFormSchema.safeParse({ ...mailbox, name: 'n'.repeat(30), description: 'd'.repeat(50) })
        .success,
    ).toBe(true);
  });

  it('requires the password and both servers', () => {
    expect(
      issuesOf(mailboxFormSchema, {
        ...mailbox,
        password: '',
        smtp_host: ' ',
        smtp_port: '',
        imap_host: '',
        imap_port: 0,
      }),
    ).toEqual({
      password: ['This field is required'],
      smtp_host: ['This field is required'],
      smtp_port: ['Please enter a port from 1 to 65535'],
      imap_host: ['This field is required'],
      imap_port: ['Please enter a port from 1 to 65535'],
    });
  });
});

describe('sending limits (product-spec §5)', () => {
  it('accepts a daily limit up to 50 with max gap above min gap', () => {
    const limits = { emails_limit: 50, min_email_gap: 60, max_email_gap: 120 };
    expect(sendingLimitsSchema.parse(limits)).toEqual(limits);
  });

  it('refuses more than 50 emails', () => {
    expect(
      issuesOf(sendingLimitsSchema, { emails_limit: 51, min_email_gap: 1, max_email_gap: 2 }),
    ).toEqual({ emails_limit: ['The number of emails cannot be more than 50'] });
  });

  it('requires the daily limit', () => {
    expect(issuesOf(sendingLimitsSchema, { min_email_gap: 1, max_email_gap: 2 })).toEqual({
      emails_limit: ['This field is required'],
    });
  });

  it.each([
    [60, 60],
    [120, 60],
  ])('refuses min %i and max %i: max must be higher', (min, max) => {
    expect(
      issuesOf(sendingLimitsSchema, { emails_limit: 10, min_email_gap: min, max_email_gap: max }),
    ).toEqual({ max_email_gap: ['Max must be higher than Min'] });
  });
});

describe('names', () => {
  it('list and contact names are trimmed with whitespace collapsed, at most 50', () => {
    expect(listNameSchema.parse('  My   leads\tlist ')).toBe('My leads list');
    expect(messageOf(listNameSchema, '   ')).toBe('This field is required');
    expect(messageOf(listNameSchema, 'x'.repeat(51))).toBe('Must be at most 50 characters');
    expect(listNameSchema.parse(`${'x'.repeat(25)}    ${'y'.repeat(24)}`)).toHaveLength(50);
  });

  it('column names are at most 20', () => {
    expect(columnNameSchema.parse('Company size')).toBe('Company size');
    expect(messageOf(columnNameSchema, 'x'.repeat(21))).toBe('Must be at most 20 characters');
  });

  it('campaign names are required and at most 50', () => {
    expect(messageOf(campaignNameSchema, '')).toBe('This field is required');
    expect(messageOf(campaignNameSchema, 'x'.repeat(51))).toBe('Must be at most 50 characters');
    expect(campaignNameSchema.parse('Spring outreach')).toBe('Spring outreach');
  });

  it('a new campaign is paused unless told otherwise', () => {
    expect(campaignCreateSchema.parse({ name: 'Spring' })).toEqual({
      name: 'Spring',
      status: 'paused',
    });
    expect(campaignCreateSchema.safeParse({ name: 'Spring', status: 'done' }).success).toBe(false);
  });
});

describe('contact (product-spec §5)', () => {
  it('requires e-mail, first and last name, at most 50 each', () => {
    expect(contactSchema.parse({ email: 'Ann@Acme.com', fname: 'Ann', lname: 'Lee' })).toEqual({
      email: 'ann@acme.com',
      fname: 'Ann',
      lname: 'Lee',
    });
    expect(issuesOf(contactSchema, { email: '', fname: '', lname: 'x'.repeat(51) })).toEqual({
      email: ['This field is required'],
      fname: ['This field is required'],
      lname: ['Must be at most 50 characters'],
    });
    expect(
      issuesOf(contactSchema, { email: `${'a'.repeat(45)}@acme.com`, fname: 'A', lname: 'L' }),
    ).toEqual({ email: ['Must be at most 50 characters'] });
  });

  it('custom column values are at most 50', () => {
    expect(messageOf(customColumnValueSchema, 'x'.repeat(51))).toBe(
      'Must be at most 50 characters',
    );
  });
});

describe('template variables', () => {
  it('are first name, last name, e-mail and unsubscribe link', () => {
    expect(TEMPLATE_VARIABLES).toEqual([
      '{{first_name}}',
      '{{last_name}}',
      '{{email}}',
      '{{unsubscribe_link}}',
    ]);
  });

  it.each([
    'Hi {{first_name}} {{last_name}}',
    'Write to {{email}} or leave: {{unsubscribe_link}}',
    'No variables at all',
    // Nested spintax groups closing together are no variable.
    '{Hi|{Hello|Hey}}',
    '{{{first_name}}|Hi} there',
  ])('accepts %j', (text) => {
    expect(hasOnlyKnownVariables(text)).toBe(true);
  });

  it.each([
    'Hi {{company}}',
    'Hi {{ first_name }}',
    'Hi {{first_name}',
    '{{Hi|Hey}}',
    '{{first_name}} {{x',
  ])('refuses %j', (text) => {
    expect(hasOnlyKnownVariables(text)).toBe(false);
  });

  it('reads the visible text of editor HTML', () => {
    expect(htmlToText('<p><br></p>')).toBe('');
    expect(htmlToText('<p>&nbsp;</p>')).toBe('');
    expect(htmlToText('<p>Hello <b>Ann</b></p>')).toBe('Hello Ann');
  });

  // Security review 2a: a tag running to the last '>' made '<' x 200,000 a 30-second request.
  it('ends a tag before the next "<", so any text is read in one pass', () => {
    expect(htmlToText('<p>1 < 2 <b>and</b> 3 > 2</p>')).toBe('1 < 2 and 3 > 2');
    expect(htmlToText('<'.repeat(200_000))).toBe('<'.repeat(200_000));
    expect(isHtmlBody('if x <a 1<2> then')).toBe(false);
  });
});

describe('a body as HTML', () => {
  it('keeps an HTML body as it is', () => {
    const html = '<p>Hi {{first_name}},</p><ul><li><p>One</p></li></ul>';
    expect(isHtmlBody(html)).toBe(true);
    expect(bodyToHtml(html)).toBe(html);
    expect(isHtmlBody('Best,<br>Sam')).toBe(true);
  });

  it('turns a text body into paragraphs, single line breaks kept, special characters escaped', () => {
    expect(isHtmlBody('I <3 Mailhound & you')).toBe(false);
    expect(bodyToHtml('Hi {{first_name}},\r\n\r\nI <3 Mailhound & you\nSam\n\n\n')).toBe(
      '<p>Hi {{first_name}},</p><p>I &lt;3 Mailhound &amp; you<br>Sam</p>',
    );
    expect(bodyToHtml('  \n \n')).toBe('');
  });
});

describe('campaign step (product-spec §5)', () => {
  const step = { subject: 'Hi {{first_name}}', body: '<p>Hello {{first_name}}</p>', email_gap: 2 };

  it('accepts a step with known variables', () => {
    expect(campaignStepSchema.parse(step)).toEqual(step);
    expect(campaignStepSchema.parse({ subject: 's', body: 'b' })).toEqual({
      subject: 's',
      body: 'b',
      email_gap: 0,
    });
  });

  it('pins the step messages', () => {
    expect(issuesOf(campaignStepSchema, { ...step, subject: '', body: '<p><br></p>' })).toEqual({
      subject: ['This field is required'],
      body: ['This field is required'],
    });
    expect(issuesOf(campaignStepSchema, { ...step, subject: 'x'.repeat(51) })).toEqual({
      subject: ['Must be at most 50 characters'],
    });
    expect(
      issuesOf(campaignStepSchema, { ...step, subject: 'Hi {{name}}', body: '<p>{{phone}}</p>' }),
    ).toEqual({
      subject: ['Subject contains invalid variables'],
      body: ['Body contains invalid variables'],
    });
    // Nested spintax closing at the end of its group is a subject like any other; a stray
    // closing brace is said as a spintax problem, not as a variable.
    expect(issuesOf(campaignStepSchema, { ...step, subject: '{Hi|{Hello|Hey}}' })).toEqual({});
    expect(issuesOf(campaignStepSchema, { ...step, subject: 'Hi first_name}}' })).toEqual({
      subject: [spintaxMessages.unopened],
    });
  });

  it('refuses a body over 10,000 characters by its length alone, its later checks never run', () => {
    // Empty to the eye, an unknown variable and an open spintax group: none of it is read.
    const body = `${'<p></p>'.repeat(15_000)}{{phone}} {`;
    expect(issuesOf(campaignStepSchema, { ...step, body })).toEqual({
      body: ['Must be at most 10000 characters'],
    });
  });

  it('takes up to 3 more variants (B to D), each checked as the step is', () => {
    const variant = { subject: 'Quick {question|idea}', body: '<p>Hi {{first_name}}</p>' };
    const withVariants = { ...step, variants: [variant, variant, variant] };
    expect(campaignStepSchema.parse(withVariants)).toEqual(withVariants);
    expect(
      messageOf(campaignStepSchema, { ...step, variants: [variant, variant, variant, variant] }),
    ).toBe('A step can have at most 4 variants');
    expect(
      issuesOf(campaignStepSchema, {
        ...step,
        variants: [{ subject: '', body: '<p>{{phone}}</p>' }],
      }),
    ).toEqual({
      'variants.0.subject': ['This field is required'],
      'variants.0.body': ['Body contains invalid variables'],
    });
    expect(stepVariants(withVariants).map((one) => one.subject)).toEqual([
      step.subject,
      variant.subject,
      variant.subject,
      variant.subject,
    ]);
    expect(stepVariants(step)).toEqual([{ subject: step.subject, body: step.body }]);
  });

  // The spec is silent on both: the wait is typed in a four-digit box, and 20 steps is what a
  // sequence in Instantly is kept to in practice.
  it('waits at most 9999 days, and a campaign has at most 20 steps', () => {
    expect(issuesOf(campaignStepSchema, { ...step, email_gap: 2 ** 53 - 1 })).toEqual({
      email_gap: ['Must be at most 4 digits'],
    });
    expect(campaignStepSchema.safeParse({ ...step, email_gap: 9999 }).success).toBe(true);
    expect(campaignStepsSchema.safeParse(Array(20).fill(step)).success).toBe(true);
    expect(messageOf(campaignStepsSchema, Array(21).fill(step))).toBe(
      'A campaign can have at most 20 steps',
    );
  });
});

describe('note, reply, forward, other feature', () => {
  it('a note is required and at most 2000 characters', () => {
    expect(noteSchema.parse({ text: 'Call back Monday' })).toEqual({ text: 'Call back Monday' });
    expect(issuesOf(noteSchema, { text: '' })).toEqual({ text: ['This field is required'] });
    expect(issuesOf(noteSchema, { text: 'x'.repeat(2001) })).toEqual({
      text: ['Must be at most 2000 characters'],
    });
    expect(noteSchema.safeParse({ text: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('a reply needs a subject and a body', () => {
    expect(issuesOf(replySchema, { subject: '', body: '<p></p>' })).toEqual({
      subject: ['This field is required'],
      body: ['This field is required'],
    });
    expect(replySchema.safeParse({ subject: 'Re: hi', body: '<p>Thanks</p>' }).success).toBe(true);
  });

  it('a reply or forward body is at most 100,000 characters, checked before anything else', () => {
    const long = '<'.repeat(200_000);
    expect(issuesOf(replySchema, { subject: 'Re: hi', body: long })).toEqual({
      body: ['Must be at most 100000 characters'],
    });
    expect(
      issuesOf(forwardSchema, { subject: 'Fwd: hi', body: long, recipients: ['bob@acme.com'] }),
    ).toEqual({ body: ['Must be at most 100000 characters'] });
    const longest = `<p>${'x'.repeat(99_993)}</p>`;
    expect(replySchema.safeParse({ subject: 'Re: hi', body: longest }).success).toBe(true);
  });

  it('a forward needs at least one recipient', () => {
    const forward = { subject: 'Fwd: hi', body: 'See below' };
    expect(issuesOf(forwardSchema, { ...forward, recipients: [] })).toEqual({
      recipients: ['Please add at least one recipient'],
    });
    expect(issuesOf(forwardSchema, forward)).toEqual({
      recipients: ['Please add at least one recipient'],
    });
    expect(forwardSchema.parse({ ...forward, recipients: ['Bob@Acme.com'] })).toEqual({
      ...forward,
      recipients: ['bob@acme.com'],
    });
  });

  it('an other-feature reason is at most 200 characters', () => {
    expect(otherFeatureSchema.parse({ reason: 'CRM sync' })).toEqual({ reason: 'CRM sync' });
    expect(issuesOf(otherFeatureSchema, { reason: 'x'.repeat(201) })).toEqual({
      reason: ['Must be at most 200 characters'],
    });
  });
});

describe('schedule (product-spec §5)', () => {
  const schedule = {
    name: 'Weekdays',
    timezone: 'Europe/Berlin',
    start_time: '09:00',
    end_time: '17:00',
    start_date: '2030-05-01',
    end_date: '2030-05-31',
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  };

  it('accepts a valid schedule, with or without an end date', () => {
    expect(scheduleSchema.parse(schedule)).toEqual(schedule);
    const { end_date: _, ...open } = schedule;
    expect(scheduleSchema.parse(open)).toEqual(open);
  });

  it('requires name, timezone, times and start date', () => {
    expect(
      issuesOf(scheduleSchema, {
        ...schedule,
        name: '',
        timezone: '',
        start_time: '',
        end_time: '',
        start_date: '',
      }),
    ).toEqual({
      name: ['This field is required'],
      timezone: ['This field is required'],
      start_time: ['This field is required'],
      end_time: ['This field is required'],
      start_date: ['This field is required'],
    });
  });

  it('limits the name to 30 and checks formats', () => {
    expect(
      issuesOf(scheduleSchema, {
        ...schedule,
        name: 'x'.repeat(31),
        timezone: 'Mars/Olympus',
        start_time: '9am',
        start_date: '2030-02-30',
      }),
    ).toEqual({
      name: ['Must be at most 30 characters'],
      timezone: ['Please select a valid timezone'],
      start_time: ['Please enter a time as HH:MM'],
      start_date: ['Please enter a date as YYYY-MM-DD'],
    });
  });

  it('the end date is not before the start date', () => {
    expect(issuesOf(scheduleSchema, { ...schedule, end_date: '2030-04-30' })).toEqual({
      end_date: ['End date cannot be before start date'],
    });
  });

  it('on the same day the end time is later than the start time', () => {
    const sameDay = { ...schedule, end_date: schedule.start_date };
    expect(issuesOf(scheduleSchema, { ...sameDay, end_time: '09:00' })).toEqual({
      end_time: ['Time To must be later than Time From on the same day'],
    });
    expect(scheduleSchema.safeParse({ ...sameDay, end_time: '09:01' }).success).toBe(true);
    // Over several days, an end time before the start time is a window across midnight.
    expect(
      scheduleSchema.safeParse({ ...schedule, start_time: '22:00', end_time: '06:00' }).success,
    ).toBe(true);
  });

  it('a campaign has at most 10 schedules', () => {
    expect(campaignSchedulesSchema.safeParse(Array(10).fill(schedule)).success).toBe(true);
    expect(messageOf(campaignSchedulesSchema, Array(11).fill(schedule))).toBe(
      'A campaign can have at most 10 schedules',
    );
  });

  it('needs at least one day of MON to SUN', () => {
    expect(issuesOf(scheduleSchema, { ...schedule, days: [] })).toEqual({
      days: ['Select at least one day'],
    });
    expect(scheduleSchema.safeParse({ ...schedule, days: ['SUNDAY'] }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...schedule, days: ['SAT', 'SUN'] }).success).toBe(true);
  });
});

describe('campaign settings form (product-spec §3, §5)', () => {
  const settings = {
    ...campaignSettingsDefaults,
    mailbox_ids: ['mb-1'],
    emails_limit: 30,
    min_email_gap: 60,
    max_email_gap: 300,
  };

  it('defaults every number to 0 and every switch to off; bounce protection to 5 % (issue 25)', () => {
    expect(campaignSettingsDefaults).toEqual({
      mailbox_ids: [],
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
      complaint_threshold: 0.3,
    });
  });

  it('takes a complaint threshold from 0 to 5 % in tenths; left out, none (the stored one stays)', () => {
    for (const complaint_threshold of [0, 0.1, 0.3, 4.9, 5]) {
      expect(campaignSettingsSchema.parse({ ...settings, complaint_threshold })).toMatchObject({
        complaint_threshold,
      });
    }
    const { complaint_threshold: _, ...older } = settings;
    expect(campaignSettingsSchema.parse(older)).not.toHaveProperty('complaint_threshold');
    for (const complaint_threshold of [-0.1, 5.1, 0.25, Number.NaN, '0.3']) {
      expect(issuesOf(campaignSettingsSchema, { ...settings, complaint_threshold })).toEqual({
        complaint_threshold: [
          'Enter a percentage from 0 to 5, with at most one decimal (such as 0.3).',
        ],
      });
    }
  });

  it('accepts valid settings; a daily limit of 0 means the mailbox limit', () => {
    expect(campaignSettingsSchema.parse(settings)).toEqual(settings);
    expect(campaignSettingsSchema.safeParse({ ...settings, emails_limit: 0 }).success).toBe(true);
  });

  it('needs at least one mailbox', () => {
    expect(issuesOf(campaignSettingsSchema, { ...settings, mailbox_ids: [] })).toEqual({
      mailbox_ids: ['Select at least one mailbox'],
    });
  });

  it('max gap must be above min gap', () => {
    expect(issuesOf(campaignSettingsSchema, { ...settings, max_email_gap: 60 })).toEqual({
      max_email_gap: ['Max must be higher than Min'],
    });
    expect(
      issuesOf(campaignSettingsSchema, { ...settings, min_email_gap: 30, max_email_gap: 0 }),
    ).toEqual({ max_email_gap: ['Max must be higher than Min'] });
  });

  it("both gaps 0, a new campaign's defaults, leave the mailboxes' gaps in force", () => {
    expect(
      campaignSettingsSchema.safeParse({ ...settings, min_email_gap: 0, max_email_gap: 0 }).success,
    ).toBe(true);
  });

  it('numbers are required, at most 4 digits, and the daily limit at most 50', () => {
    expect(
      issuesOf(campaignSettingsSchema, {
        ...settings,
        emails_limit: 51,
        min_email_gap: '',
        max_new_leads: 10_000,
      }),
    ).toEqual({
      emails_limit: ['The number of emails cannot be more than 50'],
      min_email_gap: ['This field is required'],
      max_new_leads: ['Must be at most 4 digits'],
    });
  });

  it('sending as text turns both trackings off', () => {
    expect(
      campaignSettingsSchema.parse({
        ...settings,
        send_as_text: true,
        track_email: true,
        link_tracking: true,
      }),
    ).toMatchObject({ send_as_text: true, track_email: false, link_tracking: false });
  });
});
