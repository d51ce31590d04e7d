import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema } from './analytics.ts';
import { validationMessages } from './messages.ts';
import { sendEmailSchema, threadListQuerySchema } from './unibox.ts';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('Unibox reply and forward', () => {
  it('sends a reply with a subject and a body to the lead', () => {
    const reply = sendEmailSchema.parse({
      mode: 'reply',
      thread_id: 't1',
      subject: ' Re: Hello ',
      body: '<p>Thanks</p>',
    });
    expect(reply).toEqual({
      mode: 'reply',
      thread_id: 't1',
      subject: 'Re: Hello',
      body: '<p>Thanks</p>',
    });
  });

  it('refuses a forward without a recipient', () => {
    const result = sendEmailSchema.safeParse({
      mode: 'forward',
      thread_id: 't1',
      subject: 'Fwd: Hello',
      body: '<p>See below</p>',
      recipients: [],
    });
    expect(issues(result)).toEqual([validationMessages.recipientRequired]);
  });

  it('refuses an empty body (markup alone is empty)', () => {
    const result = sendEmailSchema.safeParse({
      mode: 'reply',
      thread_id: 't1',
      subject: 'Re: Hello',
      body: '<p> </p>',
    });
    expect(issues(result)).toEqual([validationMessages.required]);
  });
});

describe('Unibox and analytics queries', () => {
  it('pages the Unibox 20 threads at a time by default', () => {
    expect(threadListQuerySchema.parse({})).toEqual({ page: 1, count: 20 });
    expect(threadListQuerySchema.safeParse({ status: 'spam' }).success).toBe(false);
  });

  it('refuses a date range that ends before it starts', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(analyticsQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-01' }).success).toBe(
      true,
    );
    expect(analyticsQuerySchema.safeParse({ from: '1.11.2026' }).success).toBe(false);
  });
});
