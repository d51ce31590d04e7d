import { type Verdict, type VerifyStatus, verifyReasons } from '@mailhound/contracts';

const reasons: Record<VerifyStatus, string> = {
  valid: verifyReasons.valid,
  invalid: verifyReasons.rejected,
  accept_all: verifyReasons.acceptAll,
  webmail: verifyReasons.webmail,
  disposable: verifyReasons.disposable,
  unknown: verifyReasons.noAnswer,
};

// A verdict as the server gives it for the status: its reason, and the checks that go with it.
export function verdictFixture(
  email: string,
  status: VerifyStatus,
  overrides: Partial<Verdict> = {},
): Verdict {
  const accepted = status !== 'invalid' && status !== 'unknown';
  return {
    email,
    status,
    score: status === 'valid' ? 99 : status === 'accept_all' ? 50 : 0,
    reason: reasons[status],
    regexp: true,
    gibberish: false,
    disposable: status === 'disposable',
    webmail: status === 'webmail',
    mx_records: true,
    smtp_server: true,
    smtp_check: accepted,
    accept_all: status === 'accept_all',
    block: false,
    role: false,
    full_inbox: false,
    disabled: false,
    greylisted: false,
    smtp_reply: accepted
      ? { code: 250, enhanced: '2.1.5', text: 'OK' }
      : { code: 550, enhanced: '5.1.1', text: 'No such user' },
    ...overrides,
  };
}
