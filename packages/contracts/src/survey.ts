import { z } from 'zod';
import { SURVEY_RATING } from './constants.ts';

export const OTHER_REASON = 'Other (please specify)';

// product-spec §2 Unsubscribe survey: the reasons exactly, with curly apostrophes.
export const surveyReasons = [
  'I receive too many emails.',
  'The content is not relevant to me.',
  'I didn’t sign up for these emails.',
  'I prefer to get updates another way.',
  'I’m no longer interested in the products/services.',
  OTHER_REASON,
] as const;
export type SurveyReason = (typeof surveyReasons)[number];

// Index 0 is rating 1.
export const surveyRatingLabels = [
  'Very Dissatisfied',
  'Dissatisfied',
  'Neutral',
  'Satisfied',
  'Very Satisfied',
] as const;

const COMMENT_MAX = 1000;

export const surveyQuestionSchema = z
  .object({
    title: z.enum(surveyReasons),
    is_marked: z.literal(true),
    comment: z.string().trim().max(COMMENT_MAX).optional(),
  })
  .strict()
  .refine((question) => question.comment === undefined || question.title === OTHER_REASON, {
    error: `Only "${OTHER_REASON}" takes a comment`,
    path: ['comment'],
  });
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

// api-spec §3 Survey: rating (number or null), questions [{title, is_marked, comment}].
export const surveyPayloadSchema = z
  .object({
    rating: z.number().int().min(SURVEY_RATING.min).max(SURVEY_RATING.max).nullable(),
    questions: z
      .array(surveyQuestionSchema)
      .refine(
        (questions) => new Set(questions.map((q) => q.title)).size === questions.length,
        'Each reason may appear once',
      ),
  })
  .strict();
export type SurveyPayload = z.infer<typeof surveyPayloadSchema>;
