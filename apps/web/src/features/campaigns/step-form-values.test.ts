import { describe, expect, it } from 'vitest';
import { insertAt, stepsFormSchema } from './step-form-values.ts';

describe('sequence steps form', () => {
  it('inserts a variable at the caret, or over the selection', () => {
    expect(insertAt('Hi ,', '{{first_name}}', 3, 3)).toEqual({
      text: 'Hi {{first_name}},',
      caret: 17,
    });
    expect(insertAt('Hi NAME!', '{{last_name}}', 3, 7)).toEqual({
      text: 'Hi {{last_name}}!',
      caret: 16,
    });
  });

  it('sends gaps as days, the first step always 0', () => {
    const parsed = stepsFormSchema.parse({
      steps: [
        { subject: 'A', body: 'a', variants: [], email_gap: '5' },
        { subject: 'B', body: 'b', variants: [], email_gap: '2' },
      ],
    });
    expect(parsed.steps.map((step) => step.email_gap)).toEqual([0, 2]);
  });
});
