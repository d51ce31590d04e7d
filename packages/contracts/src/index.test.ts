import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

// The names the server and web code against (contracts brief); renaming one breaks them.
const fixedNames = [
  'authMessages',
  'validationMessages',
  'searchMessages',
  'billingMessages',
  'bulkMessages',
  'contactMessages',
  'invoiceMessages',
  'surveyMessages',
  'campaignMessages',
  'notificationIds',
  'TOAST_MS',
  'GUEST_ALLOWANCE',
  'GUEST_COUNTED_SCORE',
  'VERIFIED_SCORE',
  'FREE_SCORE_MAX',
  'SCORE_YELLOW_MIN',
  'PAGE_SIZE',
  'CREDITS_PURCHASE',
  'CODE_LENGTH',
  'CODE_TTL_MS',
  'COOLDOWN_MS',
  'CHECKOUT_RETURN_DELAY_MS',
  'EMAILS_FOUND_MULTIPLIER',
  'SSE_RETRY_MS',
  'EMAILS_LIMIT_MAX',
  'NOTE_MAX',
  'SURVEY_RATING',
  'storageKeys',
  'GUEST_ID_PREFIX',
  'scoreTooltips',
  'receiptDateFormat',
  'formatReceiptDate',
  'passwordSchema',
  'emailSchema',
  'firstNameSchema',
  'lastNameSchema',
  'signUpSchema',
  'loginSchema',
  'forgotPasswordSchema',
  'resetPasswordSchema',
  'resetPasswordFormSchema',
  'verificationCodeSchema',
  'verifyEmailSchema',
  'resendVerificationSchema',
  'googleLoginSchema',
  'googleUrlQuerySchema',
  'profileUpdateSchema',
  'passwordChangeSchema',
  'passwordChangeFormSchema',
  'deleteAccountSchema',
  'trackEventSchema',
  'tokenAnswerSchema',
  'planSummarySchema',
  'currentUserSchema',
  'balanceAnswerSchema',
  'errorAnswerSchema',
  'messageAnswerSchema',
  'emailsFoundAnswerSchema',
  'singleSearchFormSchema',
  'isDomainLike',
  'toSingleSearchBody',
  'singleSearchBodySchema',
  'scoreColor',
  'digitsOnly',
  'isBlockedNumberKey',
  'creditsPurchaseSchema',
  'creditsTotalDollars',
  'TEMPLATE_VARIABLES',
  'campaignCreateSchema',
  'checkFilterSearch',
  'industryLabel',
  'surveyReasons',
  'surveyRatingLabels',
  'surveyPayloadSchema',
];

describe('@mailhound/contracts', () => {
  it('exports every name the other packages use', () => {
    const missing = fixedNames.filter((name) => !(name in contracts));
    expect(missing).toEqual([]);
  });

  it('a few business constants (api-spec §9)', () => {
    expect(contracts.CREDITS_PURCHASE).toEqual({ default: 10, step: 10, min: 10, max: 9_999_999 });
    expect([contracts.CODE_LENGTH, contracts.CODE_TTL_MS, contracts.COOLDOWN_MS]).toEqual([
      6, 600_000, 60_000,
    ]);
    expect([
      contracts.VERIFIED_SCORE,
      contracts.FREE_SCORE_MAX,
      contracts.SCORE_YELLOW_MIN,
    ]).toEqual([95, 70, 50]);
  });

  // fastify-type-provider-zod describes every route in /api/docs from these schemas.
  it('every schema can be described as JSON Schema, as input and as output', () => {
    const failures: string[] = [];
    for (const [name, value] of Object.entries(contracts)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const io of ['input', 'output'] as const) {
        try {
          z.toJSONSchema(value, { io });
        } catch (error) {
          failures.push(`${name} (${io}): ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
