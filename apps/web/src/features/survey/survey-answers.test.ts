import { describe, expect, it } from 'vitest';
import { toSurveyPayload } from './survey-answers.ts';

describe('survey payload (product-spec §3)', () => {
  it('lists marked reasons in the screen’s order, a comment only for Other', () => {
    expect(
      toSurveyPayload({
        reasons: ['Other (please specify)', 'The content is not relevant to me.'],
        other: '  Wrong person ',
        rating: 2,
      }),
    ).toEqual({
      rating: 2,
      questions: [
        { title: 'The content is not relevant to me.', is_marked: true },
        { title: 'Other (please specify)', is_marked: true, comment: 'Wrong person' },
      ],
    });
  });

  it('sends no comment for an empty Other and null without a rating', () => {
    expect(toSurveyPayload({ reasons: ['Other (please specify)'], other: ' ', rating: 0 })).toEqual(
      { rating: null, questions: [{ title: 'Other (please specify)', is_marked: true }] },
    );
  });
});
