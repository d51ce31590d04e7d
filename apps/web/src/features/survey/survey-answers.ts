import {
  OTHER_REASON,
  type SurveyPayload,
  type SurveyReason,
  surveyReasons,
} from '@mailhound/contracts';

export const OTHER_COMMENT_MAX = 200;

export type SurveyAnswers = { reasons: SurveyReason[]; other: string; rating: number };

// product-spec §3 Survey payload: the marked reasons in the screen's order, a comment only for
// Other (when written), and a rating or null (0 means no star chosen).
export function toSurveyPayload({ reasons, other, rating }: SurveyAnswers): SurveyPayload {
  const comment = other.trim();
  return {
    rating: rating === 0 ? null : rating,
    questions: surveyReasons
      .filter((reason) => reasons.includes(reason))
      .map((title) =>
        title === OTHER_REASON && comment !== ''
          ? { title, is_marked: true, comment }
          : { title, is_marked: true },
      ),
  };
}
