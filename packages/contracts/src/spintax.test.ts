import { describe, expect, it } from 'vitest';
import { campaignStepSchema } from './mail.ts';
import { expandSpintax, spintaxMessages, spintaxProblem } from './spintax.ts';

describe('spintax', () => {
  it('picks one option per group, the same for the same seed', () => {
    const text = '{Hi|Hello|Hey} {{first_name}}, {quick|short} note';
    const once = expandSpintax(text, 'contact-1/0');
    expect(once).toMatch(/^(Hi|Hello|Hey) \{\{first_name\}\}, (quick|short) note$/);
    expect(expandSpintax(text, 'contact-1/0')).toBe(once);
  });

  it('spreads the options over contacts', () => {
    const seen = new Set(
      Array.from({ length: 60 }, (_, i) => expandSpintax('{Hi|Hello|Hey}', `contact-${i}/0`)),
    );
    expect(seen).toEqual(new Set(['Hi', 'Hello', 'Hey']));
  });

  it('expands nested groups and keeps variables inside options', () => {
    const outcomes = new Set(
      Array.from({ length: 80 }, (_, i) =>
        expandSpintax('{Hi {{first_name}}|{Hello|Hey} there}', `c${i}`),
      ),
    );
    expect(outcomes).toEqual(new Set(['Hi {{first_name}}', 'Hello there', 'Hey there']));
  });

  it('opens a group right before a variable', () => {
    const outcomes = new Set(
      Array.from({ length: 40 }, (_, i) => expandSpintax('{{{first_name}}|there}', `c${i}`)),
    );
    expect(outcomes).toEqual(new Set(['{{first_name}}', 'there']));
  });

  it('leaves a brace group without | and template variables as written', () => {
    expect(expandSpintax('{{first_name}} {not spintax}', 'x')).toBe('{{first_name}} {not spintax}');
    expect(spintaxProblem('{{first_name}} {not spintax}')).toBeNull();
  });

  it('says in words when a brace is not closed or closes nothing', () => {
    expect(spintaxProblem('{Hi|Hello there')).toBe(spintaxMessages.unclosed);
    expect(spintaxProblem('{Hi|{Hello|Hey} there')).toBe(spintaxMessages.unclosed);
    expect(spintaxProblem('Hi|Hello} there')).toBe(spintaxMessages.unopened);
  });

  it('says in words when groups nest more than 10 deep, however deep (no stack overflow)', () => {
    expect(spintaxProblem(`${'{a|'.repeat(10)}${'}'.repeat(10)}`)).toBeNull();
    expect(spintaxProblem(`${'{a|'.repeat(11)}${'}'.repeat(11)}`)).toBe(spintaxMessages.tooDeep);
    expect(spintaxProblem('{'.repeat(10_000))).toBe(spintaxMessages.tooDeep);
    expect(expandSpintax('{'.repeat(10_000), 'ann@x.test')).toBe('{'.repeat(10_000));
  });

  it('is checked on a step’s subject and body', () => {
    const step = campaignStepSchema.safeParse({
      subject: '{Hi|Hello {{first_name}}',
      body: '<p>{Thanks|Cheers}</p>',
    });
    expect(step.success).toBe(false);
    expect(step.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', spintaxMessages.unclosed],
    ]);
    expect(
      campaignStepSchema.safeParse({ subject: '{Hi|Hello} {{first_name}}', body: '<p>{a|b}</p>' })
        .success,
    ).toBe(true);
  });
});
