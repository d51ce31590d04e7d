// Bounce protection (issue 25): per campaign and per mailbox, the bounce rate over the last
// BOUNCE_WINDOW sends, judged once there are BOUNCE_WINDOW_MIN; above the campaign's threshold
// (Campaign settings) the campaign pauses itself, and a mailbox stops sending for every
// campaign until the user resumes it.
export const BOUNCE_WINDOW = 100;
export const BOUNCE_WINDOW_MIN = 20;
export const BOUNCE_THRESHOLD_DEFAULT = 5;

const percent = (bounced: number, sends: number) =>
  `${Math.round((bounced / sends) * 1000) / 10} %`;

export const bounceMessages = {
  thresholdRange: 'Enter a whole percentage from 1 to 100.',
  campaignPaused: (bounced: number, sends: number, threshold: number) =>
    `Paused automatically: ${bounced} of the last ${sends} e-mails bounced (${percent(bounced, sends)}), above the ${threshold} % limit. Check the contact list, then resume the campaign.`,
  mailboxPaused: (bounced: number, sends: number, threshold: number) =>
    `Sending paused: ${bounced} of its last ${sends} e-mails bounced (${percent(bounced, sends)}), above the ${threshold} % limit. Check the lists it sends to, then click Resume sending.`,
} as const;

// Complaint protection: the same guard for spam complaints (RFC 5965 feedback reports), per
// campaign and per mailbox over the last COMPLAINT_WINDOW sends. Mailbox providers act on far
// lower rates than for bounces (Gmail's and Yahoo's 2024 bulk-sender rules: under 0.3 %,
// ideally under 0.1 %), so the window is ten times the bounce window: at 1,000 sends one
// complaint is 0.1 %, the finest step a user's threshold (one decimal) can tell. Under
// COMPLAINT_WINDOW_MIN sends one complaint says little (1 of 40 is 2.5 %, but may be one
// annoyed person), so the rate is judged from COMPLAINT_WINDOW_MIN sends on, or as soon as
// COMPLAINT_EARLY_COUNT complaints arrived: two people calling a small campaign spam is
// already a pattern. Either way the rate must be above the campaign's threshold (2 of 60 is
// 3.3 %, under a 5 % limit a user chose): the early rule never pauses a campaign that its own
// limit lets go on at 100 sends.
export const COMPLAINT_WINDOW = 1000;
export const COMPLAINT_WINDOW_MIN = 100;
export const COMPLAINT_EARLY_COUNT = 2;
export const COMPLAINT_THRESHOLD_DEFAULT = 0.3;
export const COMPLAINT_THRESHOLD_MAX = 5;

const complaintsAbout = (complained: number, sends: number, whose: 'the' | 'its') =>
  `${complained} spam complaint${complained === 1 ? '' : 's'} about ${whose} last ${sends.toLocaleString('en-US')} e-mails (${Math.round((complained / sends) * 10000) / 100} %)`;

export const complaintMessages = {
  thresholdRange: `Enter a percentage from 0 to ${COMPLAINT_THRESHOLD_MAX}, with at most one decimal (such as 0.3).`,
  campaignPaused: (complained: number, sends: number, threshold: number) =>
    `Paused automatically: ${complaintsAbout(complained, sends, 'the')}, above the ${threshold} % limit. Check who the campaign writes to and what it says, then resume it.`,
  mailboxPaused: (complained: number, sends: number, threshold: number) =>
    `Sending paused: ${complaintsAbout(complained, sends, 'its')}, above the ${threshold} % limit. Check the lists it sends to, then click Resume sending.`,
} as const;

// A campaign never mails an address whose latest verdict is invalid, and mails these only when
// the user ticks 'Include risky addresses' (include_risky).
export const riskyVerdictStatuses = ['accept_all', 'unknown'] as const;

const riskyWords: Record<(typeof riskyVerdictStatuses)[number], string> = {
  accept_all: 'accept-all',
  unknown: 'unknown',
};

// Why the campaign leaves a contact out, from the latest verdict on its address; null when it
// is sent. The verdict's own reason says why it is invalid.
export function verdictSkipReason(
  verdict: { status: string; reason: string } | null,
  includeRisky: boolean,
): string | null {
  if (verdict === null) return null;
  if (verdict.status === 'invalid') {
    const why = verdict.reason.replace(/\.$/, '');
    return `Skipped: the address is invalid (${why.charAt(0).toLowerCase()}${why.slice(1)})`;
  }
  const risky = riskyVerdictStatuses.find((status) => status === verdict.status);
  if (risky === undefined || includeRisky) return null;
  return `Skipped: risky address (${riskyWords[risky]}); tick Include risky addresses to send`;
}
