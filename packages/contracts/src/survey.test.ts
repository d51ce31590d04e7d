import { describe, expect, it } from 'vitest';
import { surveyPayloadSchema, surveyRatingLabels, surveyReasons } from './survey.ts';

describe('unsubscribe survey (product-spec §2)', () => {
  it('offers the six reasons word for word, with curly apostrophes', () => {
    expect(surveyReasons).toEqual([
      'I receive too many emails.',
      'The content is not relevant to me.',
      'I didn\u2019t sign up for these emails.',
      'I prefer to get updates another way.',
      'I\u2019m no longer interested in the products/services.',
      'Other (please specify)',
    ]);
  });

  it('labels the five stars', () => {
    expect(surveyRatingLabels).toEqual([
      'Very Dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very Satisfied',
    ]);
  });
});

describe('survey payload (api-spec §3)', () => {
  it('takes a rating of 1 to 5 or null and the marked reasons', () => {
    const payload = {
      rating: 4,
      questions: [
        { title: 'I receive too many emails.', is_marked: true },
        { title: 'Other (please specify)', is_marked: true, comment: 'Wrong person' },
      ],
    };
    expect(surveyPayloadSchema.parse(payload)).toEqual(payload);
    expect(surveyPayloadSchema.safeParse({ rating: null, questions: [] }).success).toBe(true);
  });

  it.each([0, 6, 2.5])('refuses rating %j', (rating) => {
    expect(surveyPayloadSchema.safeParse({ rating, questions: [] }).success).toBe(false);
  });

  it('takes a comment only for "Other (please specify)"', () => {
    expect(
      surveyPayloadSchema.safeParse({
        rating: 3,
        questions: [{ title: 'I receive too many emails.', is_marked: true, comment: 'x' }],
      }).success,
    ).toBe(false);
  });

  it('refuses unknown reasons, unmarked reasons and repeats', () => {
    const parse = (questions: unknown) =>
      surveyPayloadSchema.safeParse({ rating: null, questions }).success;
    expect(parse([{ title: 'I hate email', is_marked: true }])).toBe(false);
    expect(parse([{ title: 'I receive too many emails.', is_marked: false }])).toBe(false);
    expect(
      parse([
        { title: 'I receive too many emails.', is_marked: true },
        { title: 'I receive too many emails.', is_marked: true },
      ]),
    ).toBe(false);
  });
});
